import { describe, expect, it } from 'vitest';
import { isActiveContent, servedDisposition } from './active-content';
import { mediaTypeEssence } from './media-type';

describe('active content', () => {
  it('is every type a browser runs or renders as a page, however it is spelled', () => {
    for (const type of [
      'text/html',
      'TEXT/HTML; charset=utf-8',
      ' text/html ',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/xml',
      'application/xml',
      'application/rss+xml',
      'application/xslt+xml',
      'text/xsl',
      'text/javascript',
      'application/javascript',
      'application/x-javascript',
      'text/ecmascript',
      'text/javascript1.5',
      'multipart/x-mixed-replace; boundary=x',
    ]) {
      expect(isActiveContent(type), type).toBe(true);
    }
  });

  it('is anything that is no media type at all, which a reader might take for HTML', () => {
    for (const type of ['html', '', 'text/', '/html', 'text/html x', 'text/html/x', 'text/ht<ml']) {
      expect(isActiveContent(type), type).toBe(true);
      expect(mediaTypeEssence(type), type).toBeNull();
    }
  });

  it('is not a document, an image, plain text or bytes, which stay inline when asked', () => {
    for (const type of ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/plain; charset=utf-8', 'text/csv', 'application/json', 'application/octet-stream', 'application/zip']) {
      expect(isActiveContent(type), type).toBe(false);
      expect(servedDisposition(type, 'inline')).toBe('inline');
    }
    expect(mediaTypeEssence('Application/PDF; x=1')).toBe('application/pdf');
  });

  it('turns an inline request for active content into a download, and keeps a download one', () => {
    expect(servedDisposition('text/html', 'inline')).toBe('attachment');
    expect(servedDisposition('image/svg+xml', 'attachment')).toBe('attachment');
  });
});
