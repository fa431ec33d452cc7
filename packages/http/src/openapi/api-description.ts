import { apiRouteList } from '../api-routes';
import type { Schema } from './form-schema';
import { openapiDocument } from './openapi-document';

/** The API's OpenAPI 3.1 description, as `GET /openapi.json` serves it, for services that reuse PIPS. */
export function apiDescription(): Schema {
  return openapiDocument(apiRouteList());
}
