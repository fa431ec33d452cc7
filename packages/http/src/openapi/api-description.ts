import { apiRouteList } from '../api-routes';
import type { Schema } from './form-schema';
import { openapiDocument } from './openapi-document';

/**
 * The API's OpenAPI 3.1 description, as `GET /openapi.json` serves it, for services that reuse
 * PIPS. `serverUrl` is where the API is reached (`https://pips.example.com`); without one the
 * document's server is `/`, the server it is read from.
 */
export function apiDescription(serverUrl?: string): Schema {
  return openapiDocument(apiRouteList(), serverUrl);
}
