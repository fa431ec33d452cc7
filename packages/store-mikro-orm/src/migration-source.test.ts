import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendToIndex, isMigrationName, migrationNames, migrationSource, nextMigrationNumber, splitStatements } from './migration-source';

const committed = (file: string) => readFileSync(join(import.meta.dirname, 'migrations', file), 'utf8');

describe('migration names', () => {
  it('takes lowercase words and digits joined by hyphens, nothing else', () => {
    for (const name of ['add-part-table', 'unit-description-text', 'v2', 'a']) expect(isMigrationName(name), name).toBe(true);
    for (const name of ['', 'Add-Part', 'add_part', 'add part', '-add', 'add-', 'add--part', '2-add', '../x']) {
      expect(isMigrationName(name), name).toBe(false);
    }
  });

  it('numbers the file, the class and the recorded name alike', () => {
    expect(migrationNames(2, 'unit-description-text')).toEqual({
      file: '0002-unit-description-text.ts',
      className: 'Migration0002UnitDescriptionText',
      name: '0002_unit_description_text',
    });
  });

  it('takes the number after the highest migration file', () => {
    expect(nextMigrationNumber(['0001-initial.ts', '0002-unit-description-text.ts', 'index.ts'])).toBe(3);
    expect(nextMigrationNumber(['index.ts'])).toBe(1);
  });
});

describe('migration source', () => {
  it('splits a diff into statements, keeping a literal that holds ";\\n" whole', () => {
    const sql = `alter table "a" add column "b" int;\n\ncomment on column "a"."b" is 'one;\ntwo';\ndrop index "c";\n`;
    expect(splitStatements(sql)).toEqual([
      'alter table "a" add column "b" int;',
      `comment on column "a"."b" is 'one;\ntwo';`,
      'drop index "c";',
    ]);
  });

  it('writes up and down in the style of the committed migrations', () => {
    const names = migrationNames(2, 'unit-description-text');
    const source = migrationSource(
      names,
      'unit-description-text',
      [`alter table "unit" alter column "description" type text using ("description"::text);`],
      [`alter table "unit" alter column "description" type varchar(255) using ("description"::varchar(255));`],
    );
    // The committed one, but for its doc comment.
    const strip = (text: string) => text.replace(/\/\*\*[^]*?\*\/\n/, '');
    expect(strip(source)).toBe(strip(committed('0002-unit-description-text.ts')));
  });

  it('escapes what a template literal would read', () => {
    const source = migrationSource(migrationNames(3, 'x'), 'x', ['select \'`${a}\\\';'], []);
    expect(source).toContain("this.addSql(`select '\\`\\${a}\\\\';`);");
  });

  /** An index.ts of the committed shape, listing two migrations. */
  const index = [
    "import type { MigrationObject } from '@mikro-orm/core';",
    "import { Migration0001Initial } from './0001-initial';",
    "import { Migration0002Units } from './0002-units';",
    '',
    '/** Every migration, in order. */',
    'export const migrationsList: MigrationObject[] = [',
    "  { name: '0001_initial', class: Migration0001Initial },",
    "  { name: '0002_units', class: Migration0002Units },",
    '];',
    '',
  ].join('\n');

  it('appends the migration to the index, import and list entry each after the last', () => {
    const next = appendToIndex(index, migrationNames(3, 'add-part-table'));
    expect(next.split('\n').length).toBe(index.split('\n').length + 2);
    expect(next).toContain("import { Migration0002Units } from './0002-units';\nimport { Migration0003AddPartTable } from './0003-add-part-table';\n\n");
    expect(next).toContain("  { name: '0002_units', class: Migration0002Units },\n  { name: '0003_add_part_table', class: Migration0003AddPartTable },\n];");
  });

  it('appends to the committed index too', () => {
    const committedIndex = committed('index.ts');
    const next = appendToIndex(committedIndex, migrationNames(99, 'later'));
    expect(next.split('\n').length).toBe(committedIndex.split('\n').length + 2);
    expect(next).toMatch(/\n {2}\{ name: '0099_later', class: Migration0099Later \},\n\];/);
  });

  it('refuses an index of another shape, or one that lists the migration already', () => {
    expect(() => appendToIndex('export const x = 1;\n', migrationNames(3, 'a'))).toThrow(/expected shape/);
    expect(() => appendToIndex(index, migrationNames(2, 'units'))).toThrow(/already lists/);
  });
});
