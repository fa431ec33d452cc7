import { expect } from 'vitest';

/** Sends an XML body to `path` under the token's prefix; answers the status and the body. */
export async function call(base: string, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const answer = await fetch(`${base}/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/xml' },
    body,
  });
  return { status: answer.status, text: await answer.text() };
}

/** The first `<id>` of a document: the record's own. */
function firstId(xml: string): string {
  const id = /<id>(\d+)<\/id>/.exec(xml)?.[1];
  if (!id) throw new Error(`no id in:\n${xml}`);
  return id;
}

/** Creates a manufacturer, a part type, a unit and a part (LM358P) through `api`; answers the part's id. */
export async function createPart(api: string): Promise<string> {
  const made = async (path: string, body: string): Promise<string> => {
    const answer = await call(api, 'POST', path, body);
    expect(answer.status, answer.text).toBe(200);
    return firstId(answer.text);
  };
  const manufacturer = await made('manufacturer', '<manufacturer><name>Texas Instruments</name></manufacturer>');
  const parttype = await made('parttype', '<parttype><name>Integrated circuit</name><partnumber_key>IC</partnumber_key></parttype>');
  const unit = await made('unit', '<unit><name>Each</name><allow_fractional>false</allow_fractional></unit>');
  return made(
    'part',
    `<part><manufacturer_pn>LM358P</manufacturer_pn><manufacturer_id>${manufacturer}</manufacturer_id><parttype_id>${parttype}</parttype_id><unit_id>${unit}</unit_id><revision><revision_name>A</revision_name></revision></part>`,
  );
}

/** Reads the part `createPart` made back through `api`, failing unless it is there as made. */
export async function expectPart(api: string, part: string): Promise<void> {
  const again = await call(api, 'GET', `part/${part}`);
  expect(again.status, again.text).toBe(200);
  expect(again.text).toContain('<partnumber>IC000001</partnumber>');
  expect(again.text).toContain('<manufacturer_pn>LM358P</manufacturer_pn>');
}
