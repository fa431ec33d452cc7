import { describe, expect, it } from 'vitest';
import type { Columns, TableDecl } from './define-table';
import { checkDeclarations, tables } from './tables';

type Declared = Pick<TableDecl<Columns>, 'references' | 'indexes'>;
const parent: Declared = { references: [] };
const child = (reference: Declared['references'][number], indexes: Declared['indexes'] = []): Declared => ({ references: [reference], indexes });

describe('table declarations', () => {
  it('hold for every table PIPS declares', () => {
    expect(() => checkDeclarations(tables)).not.toThrow();
  });

  it('let a reference be served by an index its table declares that begins with its column', () => {
    const indexes = [{ name: 'child_parent_position_index', columns: ['parent_id', 'position'] }];
    expect(() => checkDeclarations({ parent, child: child({ column: 'parent_id', table: 'parent', indexedBy: 'child_parent_position_index' }, indexes) })).not.toThrow();
  });

  it('refuse a reference to an unknown table, or indexed by an index that is missing, begins elsewhere or is not a B-tree', () => {
    expect(() => checkDeclarations({ child: child({ column: 'parent_id', table: 'parent' }) })).toThrow('table child: parent_id references unknown table parent');
    const refused = 'table child: parent_id is indexed by by_it, which is not a B-tree index of the table beginning with it';
    const indexedBy = { column: 'parent_id', table: 'parent', indexedBy: 'by_it' };
    expect(() => checkDeclarations({ parent, child: child(indexedBy) })).toThrow(refused);
    expect(() => checkDeclarations({ parent, child: child(indexedBy, [{ name: 'by_it', columns: ['position', 'parent_id'] }]) })).toThrow(refused);
    expect(() => checkDeclarations({ parent, child: child(indexedBy, [{ name: 'by_it', columns: ['parent_id'], using: 'trigram' }]) })).toThrow(refused);
  });
});
