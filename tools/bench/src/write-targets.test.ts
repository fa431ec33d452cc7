import { describe, expect, it } from 'vitest';
import { fieldOf } from './floor/handler';
import { route } from './floor/route';
import { partnumbersIn, partSettingOf, revisionIdOf, sendOf, writeTargets } from './write-targets';

const setting = { manufacturerId: 3, parttypeId: 5, unitId: 7, partIds: [20, 21, 22] };
const bill = { assemblyRevisionId: 40, childPartnumbers: ['P-1', 'P-2'] };

describe('writeTargets', () => {
  it('measures only create manufacturer where the floor cannot write parts', () => {
    expect(writeTargets(null).map((target) => target.name)).toEqual(['create manufacturer']);
  });

  it('creates parts of the seeded kind and updates the parts round robin, each request a new name', () => {
    const [, create, update] = writeTargets(setting);
    const send = sendOf(create!, 'bench PIPS 1');
    const [first, second] = [send.body(), send.body()];
    expect([fieldOf(first, 'partnumber'), fieldOf(second, 'partnumber')]).toEqual(['bench PIPS 1 0', 'bench PIPS 1 1']);
    expect(['manufacturer_id', 'parttype_id', 'unit_id', 'revision_name'].map((name) => fieldOf(first, name))).toEqual(['3', '5', '7', 'A']);
    const updates = sendOf(update!, 'x');
    expect([updates.path!(), updates.path!(), updates.path!(), updates.path!()]).toEqual([20, 21, 22, 20].map((id) => `/api/v2/bench/part/${id}`));
    expect(updates.method).toBe('PUT');
    expect(fieldOf(updates.body(), 'manufacturer_pn')).toBe('x 0');
  });

  it('sends what the floor routes', () => {
    expect(writeTargets(setting, bill).map((target) => route(target.method, target.path(0), 'bench')?.kind)).toEqual([
      'create manufacturer',
      'create part',
      'update part',
      'add bill line',
    ]);
  });

  it('adds the lines to the one draft, listing the children in turn from the first', () => {
    const line = writeTargets(setting, bill).find((target) => target.name === 'add bill line')!;
    expect(line.body('any', 0)).toBe(line.body('other', 0));
    const send = sendOf(line, 'x');
    const bodies = [send.body(), send.body(), send.body()];
    expect(bodies.map((body) => fieldOf(body, 'partnumber'))).toEqual(['P-1', 'P-2', 'P-1']);
    expect(bodies.map((body) => [fieldOf(body, 'part_revision_id'), fieldOf(body, 'quantity')])).toEqual([['40', '1'], ['40', '1'], ['40', '1']]);
    expect(() => writeTargets(setting, { ...bill, childPartnumbers: [] })).toThrow(/parts to list/);
  });

  it('reads the revision a part shows and the part numbers a list holds', () => {
    const shown = '<part>\n  <id>9</id>\n  <partnumber>A-1</partnumber>\n  <revision>\n    <id>31</id>\n  </revision>\n';
    expect(revisionIdOf(shown)).toBe(31);
    expect(() => revisionIdOf('<part><id>9</id></part>')).toThrow(/no revision/);
    expect(partnumbersIn(`<parts>${shown}<part><partnumber>B &amp; 2</partnumber></part></parts>`)).toEqual(['A-1', 'B &amp; 2']);
  });

  it('reads the references of a shown part, and says which is missing', () => {
    const shown = '<part>\n  <id>9</id>\n  <manufacturer_id>3</manufacturer_id>\n  <parttype_id>5</parttype_id>\n  <unit_id>7</unit_id>\n';
    expect(partSettingOf(shown, [20, 21, 22])).toEqual(setting);
    expect(() => partSettingOf(shown.replace(/<unit_id>7<\/unit_id>/, ''), [])).toThrow(/unit_id/);
  });
});
