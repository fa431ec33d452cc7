import type { DownloadLink } from '@pips/domain';
import type { AppContext } from '../app-state';
import { grantQuery, signGrant } from './link-signature';

/** Where downloads are served, outside the token prefix: the link itself is the credential. */
export const DOWNLOAD_PATH = /^\/downloads\/attachments\/([^/]+)$/;

export interface LinkMaker {
  /** The absolute, signed URL of `link`. */
  uri(ctx: AppContext, link: DownloadLink): Promise<string>;
}

/**
 * Signed download URLs on this server: on `publicUrl` (PUBLIC_URL, for a server behind a proxy
 * or a load balancer) or else the origin the request came to.
 */
export function linkMaker(key: () => Promise<Buffer>, publicUrl: string | undefined): LinkMaker {
  const base = publicUrl?.replace(/\/+$/, '');
  return {
    async uri(ctx, link) {
      const grant = { id: link.attachment.id, disposition: link.disposition, expires: link.expires_at.getTime() };
      return `${base ?? `${ctx.protocol}://${ctx.host}`}/downloads/attachments/${grant.id}?${grantQuery(grant, signGrant(await key(), grant))}`;
    },
  };
}
