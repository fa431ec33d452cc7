import { downloadLink, parseDisposition, listAttachments, showAttachment } from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext } from './app-state';
import type { LinkMaker } from './attachment-links/link-maker';
import { setPagination } from './pagination-header';
import { pathId } from './path-id';
import { sendForm } from './reply';
import { attachmentForm, attachmentLinkForm } from './representations/attachment';
import type { RouteTable } from './route-table';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';
import { attachmentOperations } from './openapi/operations/purchasing';

const attachmentElement = compileElement('attachment', attachmentForm);
const linkElement = compileElement('attachment_link', attachmentLinkForm);
const described = attachmentOperations(attachmentElement, linkElement);

/** SPEC 4.9 (beta): attachments, read only (DESIGN 4); a valid token is enough. */
export function attachmentRoutes(router: RouteTable, time: TimeFormat, links: LinkMaker): void {
  router.get('/attachments', async (ctx) => {
    const list = await listAttachments(domainContext(ctx), ctx.state.params);
    setPagination(ctx, list.pagination);
    await sendXmlList(ctx, 'attachments', list.batches, attachmentElement, time);
  }, described.list);
  router.get('/attachments/:id', async (ctx) => {
    sendForm(ctx, attachmentElement, await showAttachment(domainContext(ctx), pathId('Attachment', ctx.params.id)), time);
  }, described.show);
  router.get('/attachments/:id/download_uri', async (ctx) => {
    const link = await downloadLink(domainContext(ctx), pathId('Attachment', ctx.params.id), parseDisposition(ctx.state.params.content_disposition));
    sendForm(ctx, linkElement, { uri: await links.uri(ctx, link), created_at: link.created_at, expires_at: link.expires_at }, time);
  }, described.link);
}
