import { requestValues } from '@pips/domain';
import type { CompiledElement } from '@pips/xml/forms';
import { listOf, single, type Operation } from '../operation';
import { pageParameters, textQuery } from '../parameters';

type Element = CompiledElement<never, never>;

const day = { type: 'string', format: 'date' };

/** SPEC 4.8 (beta): read only; orders come in by import. */
export function purchaseOrderOperations(listed: Element, shown: Element) {
  const tagged = { tag: 'Purchase orders', beta: true } as const;
  return {
    list: {
      id: 'listPurchaseOrders',
      summary: 'List purchase orders',
      description: 'Newest first; every order, or a page. Each order shows its `status` (after `delivery_terms`), the value `status` filters on.',
      ...tagged,
      query: [
        textQuery('status', 'Only orders in this status.', { type: 'string', enum: [...requestValues.purchaseOrderStatuses] }),
        textQuery('start_date', 'First day of a range (YYYY-MM-DD, included); needs `end_date`.', day),
        textQuery('end_date', 'Last day of the range (included); needs `start_date`.', day),
        ...pageParameters,
      ],
      response: listOf('purchase_orders', listed, 'PurchaseOrderListed', 'optional'),
    },
    show: {
      id: 'showPurchaseOrder',
      summary: 'Show a purchase order with its lines',
      description:
        'The order shows its `status` after `currency`. A line names its part, revision and manufacturer as they were when the order was imported (`partnumber`, `manufacturer_pn`, `manufacturer`, `part_revision_name`), so a later rename leaves the order as it was; its `vendor_id` is the order\'s vendor.',
      ...tagged,
      response: single(shown, 'PurchaseOrder'),
    },
  } satisfies Record<string, Operation>;
}

/** SPEC 4.9 (beta): read only; files come in through the CLI. */
export function attachmentOperations(attachment: Element, link: Element) {
  const tagged = { tag: 'Attachments', beta: true } as const;
  return {
    list: {
      id: 'listAttachments',
      summary: 'List attachments',
      ...tagged,
      query: pageParameters,
      response: listOf('attachments', attachment, 'Attachment', 'optional'),
    },
    show: { id: 'showAttachment', summary: 'Show an attachment', ...tagged, response: single(attachment, 'Attachment') },
    link: {
      id: 'attachmentDownloadUri',
      summary: 'A signed link to download the file, valid 10 minutes',
      description: 'The link is `GET /downloads/attachments/{id}` on this server, signed; it needs no token.',
      ...tagged,
      query: [textQuery('content_disposition', 'How the browser is told to show the file (default `inline`; HTML, SVG, XML and JavaScript are always `attachment`).', { type: 'string', enum: [...requestValues.dispositions] })],
      response: single(link, 'AttachmentLink'),
    },
  } satisfies Record<string, Operation>;
}
