import { describe, expect, it } from 'vitest';
import { guideSteps, masked } from './guide-steps.test-helper';

describe('guideSteps', () => {
  it('pairs each sh block with the block right after it, in order, with the line it starts on', () => {
    const guide = [
      '# Guide', //           1
      '', //                  2
      '```sh', //             3
      'curl -s "$PIPS/a"', // 4
      '```', //               5
      '', //                  6
      '```xml', //            7
      '<a/>', //              8
      '```', //               9
      'Then:', //             10
      '```sh', //             11
      'cat x', //             12
      '```', //               13
      '```text', //           14
      'x', //                 15
      '```', //               16
    ].join('\n');
    expect(guideSteps(guide)).toEqual([
      { command: 'curl -s "$PIPS/a"\n', answer: '<a/>\n', line: 3 },
      { command: 'cat x\n', answer: 'x\n', line: 11 },
    ]);
  });

  it('gives a command with prose after it no answer: it must print nothing', () => {
    const guide = ['```sh', 'TOKEN=$(make)', '```', 'Then start it:', '```sh', 'npm start', '```', '', '```sh', 'curl x', '```', '```xml', '<x/>', '```'].join('\n');
    expect(guideSteps(guide).map(({ command, answer }) => [command, answer])).toEqual([
      ['TOKEN=$(make)\n', ''],
      ['npm start\n', ''],
      ['curl x\n', '<x/>\n'],
    ]);
  });

  it('refuses a block that answers no command, so an edit cannot cut an answer loose unseen', () => {
    const guide = ['```sh', 'curl x', '```', 'It prints:', '```xml', '<x/>', '```'].join('\n');
    expect(() => guideSteps(guide)).toThrow('docs/guide.md:5: a `xml` block that follows no `sh` block');
  });
});

describe('masked', () => {
  it('hides times, request ids and a link’s expiry, signature and seconds left, and only those', () => {
    const one = [
      '<created_on>2026-11-26 19:09:59 +0000</created_on><created_at>2026-11-26T19:09:59+00:00</created_at>',
      'Date: Thu, 26 Nov 2026 19:10:01 GMT',
      'X-Request-Id: 7101f4fe-878a-42bc-b19b-99a034d579ac',
      '<uri>http://127.0.0.1:3000/downloads/attachments/1?disposition=inline&amp;expires=1795720801350&amp;signature=0ac9378c</uri>',
      'Cache-Control: private, max-age=599',
    ].join('\n');
    const other = [
      '<created_on>2031-01-02 03:04:05 -0800</created_on><created_at>2031-01-02T03:04:05.123Z</created_at>',
      'Date: Mon, 02 Jan 2031 03:04:05 GMT',
      'X-Request-Id: 00000000-1111-2222-3333-444444444444',
      '<uri>http://127.0.0.1:3000/downloads/attachments/1?disposition=inline&amp;expires=1&amp;signature=ffff-_</uri>',
      'Cache-Control: private, max-age=600',
    ].join('\n');
    expect(masked(one)).toBe(masked(other));
    for (const [shown, changed] of [
      ['<id>1</id>', '<id>2</id>'],
      ['<quantity>58.0</quantity>', '<quantity>57.0</quantity>'],
      ['md5 63ea84db8ae2bf9481dcbb752ce4fcfe', 'md5 63ea84db8ae2bf9481dcbb752ce4fcff'],
      ['attachments/1?disposition=inline', 'attachments/2?disposition=inline'],
      ['<released_at>2026-11-26 19:09:59 +0000</released_at>', '<released_at/>'],
    ]) {
      expect(masked(changed!), changed).not.toBe(masked(shown!));
    }
  });

  it('writes the server’s real address as the guide’s, and ignores line ends and trailing newlines', () => {
    expect(masked('HTTP/1.1 200 OK\r\nLink: http://127.0.0.1:41234/x\r\n\r\nbody\n\n', 'http://127.0.0.1:41234')).toBe(
      masked('HTTP/1.1 200 OK\nLink: http://127.0.0.1:3000/x\n\nbody'),
    );
    expect(masked('http://127.0.0.1:41234/x', 'http://127.0.0.1:41234')).not.toBe(masked('http://127.0.0.1:3001/x'));
  });
});
