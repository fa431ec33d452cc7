import { expect, it } from 'vitest';
import {
  addQuote,
  addVendorPartNumber,
  createPart,
  createRecord,
  deletePart,
  parseCreatePart,
  parseQuote,
  parseRecord,
  parseUpdatePart,
  parseVendorPartNumber,
  parttypeResource,
  removeQuote,
  removeVendorPartNumber,
  updatePart,
  vendorResource,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { describeStatementCounts } from './statement-count.test-helper';

// How many statements a part's writes send inside their transaction: pinned, so a change that adds a round trip is seen.

describeStatementCounts('statements per part write', ({ open, counted, statements }) => {
  async function setUp() {
    const store = await open();
    const { ctx, setting } = await partContext(store);
    const vendor = String((await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' }))).row.id);
    return { ctx, setting, vendor };
  }

  it('creates a part in two statements, with its attributes and alternates or without', async () => {
    const { ctx, setting } = await setUp();
    const body = (partnumber: string, more: Record<string, unknown> = {}) => ({ manufacturer_pn: partnumber, partnumber, ...setting, revision: { revision_name: 'A' }, ...more });
    // What it checks (the part type locked, the records named, the number's holder, the alternates) in one statement,
    // and the rows in one that commits: the part active on its revision from the start (the revision's id drawn first).
    // The answer is built from them.
    let id = 0;
    expect(await counted(async () => (id = (await createPart(ctx, parseCreatePart(body('PLAIN')))).part.id))).toBe(2);
    const plain = statements.slice();
    const rich = body('RICH', { revision: { revision_name: 'A', x_size: '0402', x_mass: '2 mg' }, x_packaging: 'Reel', alternate_parts: [{ part_id: String(id) }] });
    const view = await counted(() => createPart(ctx, parseCreatePart(rich)));
    expect(view).toBe(2);
    expect(statements.filter((sql, i) => sql !== plain[i])).toHaveLength(2);
  });

  it("numbers a part from its type's key in one statement more, and from the site sequence in two", async () => {
    const { ctx, setting } = await setUp();
    const keyed = String((await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Capacitor', partnumber_key: 'CAP' }))).row.id);
    const body = (parttype_id: string) => ({ manufacturer_pn: 'GEN', ...setting, parttype_id, revision: { revision_name: 'A' } });
    // The candidate looked for among the parts' numbers; the type's counter advances in the plan.
    expect(await counted(() => createPart(ctx, parseCreatePart(body(keyed))))).toBe(3);
    // The site sequence's next value, then the candidate looked for.
    expect(await counted(() => createPart(ctx, parseCreatePart(body(setting.parttype_id))))).toBe(4);
  });

  it('updates a part in two statements, and answers an empty update in one', async () => {
    const { ctx, setting } = await setUp();
    const made = await createPart(ctx, parseCreatePart({ manufacturer_pn: 'U', partnumber: 'U-1', ...setting, revision: { revision_name: 'A', x_size: '0402' } }));
    const other = await createPart(ctx, parseCreatePart({ manufacturer_pn: 'O', partnumber: 'O-1', ...setting, revision: { revision_name: 'A' } }));
    const change = {
      partnumber: 'U-2',
      manufacturer_id: setting.manufacturer_id,
      alternate_parts: [{ part_id: String(other.part.id) }],
      revision: { revision_name: 'B', x_size: '0603', x_new: 'n' },
    };
    // The part and its revisions locked with their attributes, the records named, the number's holder, the alternates
    // and what the show form reads besides; then the plan, which commits. The answer is built from them.
    expect(await counted(() => updatePart(ctx, { id: made.part.id }, parseUpdatePart(change)))).toBe(2);
    // Alternates sent again replace themselves in the same one write.
    expect(await counted(() => updatePart(ctx, { partnumber: 'U-2' }, parseUpdatePart({ alternate_parts: [{ part_id: String(other.part.id) }] })))).toBe(2);
    expect(await counted(() => updatePart(ctx, { id: made.part.id }, parseUpdatePart({})))).toBe(1);
    // A change of the part's row alone reads without locks and writes in one statement that commits on its own.
    expect(await counted(() => updatePart(ctx, { id: made.part.id }, parseUpdatePart({ manufacturer_pn: 'U2', reorder_quantity: '3' })))).toBe(2);
    expect(statements[0]).not.toContain('FOR UPDATE');
    expect(statements[1]).toMatch(/^WITH g0 AS \(SELECT e\."active_revision_id" = \$1 AS "fresh" FROM "part" e WHERE e\."id" = \$2 FOR UPDATE\)/);
  });

  it('deletes a part in three statements', async () => {
    const { ctx, setting, vendor } = await setUp();
    const keep = await createPart(ctx, parseCreatePart({ manufacturer_pn: 'K', partnumber: 'KEEP', ...setting, revision: { revision_name: 'A' } }));
    const doomed = await createPart(
      ctx,
      parseCreatePart({ manufacturer_pn: 'D', partnumber: 'DOOMED', ...setting, revision: { revision_name: 'A', x_a: '1' }, alternate_parts: [{ part_id: String(keep.part.id) }] }),
    );
    await addQuote(ctx, parseQuote({ part_id: String(doomed.part.id), vendor_id: vendor, price: '1' }));
    await addVendorPartNumber(ctx, parseVendorPartNumber({ part_id: String(doomed.part.id), vendor_id: vendor, part_number: 'V-1' }));
    // The part and its units locked, with its bills, revisions and attachments; its active revision cleared (the part and
    // its revisions point at each other, and a plan may not change a row it deletes); everything deleted.
    expect(await counted(() => deletePart(ctx, { id: doomed.part.id }))).toBe(3);
    // A refusal stops after the read.
    expect(await counted(() => deletePart(ctx, { id: doomed.part.id }).catch(() => undefined))).toBe(1);
  });

  it('adds a quote and a vendor part number in two statements each, and removes each in two', async () => {
    const { ctx, setting, vendor } = await setUp();
    const part = String((await createPart(ctx, parseCreatePart({ manufacturer_pn: 'Q', ...setting, revision: { revision_name: 'A' } }))).part.id);
    // The records named, read at once, then the insert.
    expect(await counted(() => addQuote(ctx, parseQuote({ part_id: part, vendor_id: vendor, unit_id: setting.unit_id, price: '1' })))).toBe(2);
    expect(await counted(() => addVendorPartNumber(ctx, parseVendorPartNumber({ part_id: part, vendor_id: vendor, part_number: 'V' })))).toBe(2);
    const [quote] = await ctx.store.read((tx) => tx.repo('quote').find({}));
    const [number] = await ctx.store.read((tx) => tx.repo('vendor_part_number').find({}));
    // The row locked (its event says what it held, and none is written for a 404), then the delete with its event.
    expect(await counted(() => removeQuote(ctx, quote!.id))).toBe(2);
    expect(await counted(() => removeVendorPartNumber(ctx, number!.id))).toBe(2);
    expect(await counted(() => removeQuote(ctx, quote!.id).catch(() => undefined))).toBe(1);
  });
});
