import { DecimalType, EntitySchema, type PropertyOptions } from '@mikro-orm/core';
import { type TableName } from '@pips/domain';
import { STRING_LENGTH, schema } from '@pips/domain/storage';
import { largeObjectBlobEntity } from './large-object-blob-table';
import { rateLimitEntity } from './rate-limit-table';
import { columnsOf, tableNames, type ColumnSpec } from './table-specs';
import { unnumberedEventIndex } from './unnumbered-event-index';
import { trigramIndexSql } from './trigram-index';

/** Entities are plain dictionaries: the adapter reads and writes rows, never managed objects. */
export type RowEntity = Record<string, unknown>;

/** Stable names, so the error converter can tell which reference a violation broke. */
export const foreignKeyName = (table: TableName, column: string): string => `${table}_${column}_foreign`;
export const indexName = (table: TableName, column: string): string => `${table}_${column}_index`;

/** Column names as index properties; MikroORM's typed paths cannot follow a dictionary entity. */
const columnList = (columns: readonly string[]) => [...columns] as never;

function scalar(spec: ColumnSpec): [type: string | DecimalType, options: PropertyOptions<RowEntity>] {
  const nullable = spec.nullable;
  switch (spec.kind) {
    case 'id':
      return ['integer', { primary: true, autoincrement: true }];
    case 'string':
      return ['string', { length: STRING_LENGTH, nullable }];
    case 'text':
      return ['text', { nullable }];
    case 'integer':
      return ['integer', { nullable }];
    // Decimals stay strings end to end (never a JS float).
    case 'decimal':
      return [new DecimalType('string'), { precision: 30, scale: 10, columnType: 'numeric(30,10)', nullable }];
    case 'float':
      return ['double', { nullable }];
    case 'boolean':
      return ['boolean', { nullable }];
    case 'timestamp':
      return ['datetime', { columnType: 'timestamptz', nullable }];
  }
}

function build(): Record<TableName, EntitySchema<RowEntity>> {
  const entities = Object.fromEntries(
    tableNames.map((table) => [table, new EntitySchema<RowEntity>({ name: table, tableName: table })]),
  ) as Record<TableName, EntitySchema<RowEntity>>;

  for (const table of tableNames) {
    const entity = entities[table];
    const references = new Map(schema[table].references.map((r) => [r.column, r.table]));
    for (const [column, spec] of columnsOf(table)) {
      const target = references.get(column);
      if (target === undefined) {
        const [type, options] = scalar(spec);
        if (spec.kind === 'id') entity.addPrimaryKey(column, type as string, options);
        else entity.addProperty(column, type, options);
        continue;
      }
      // A reference is a many-to-one mapped to the bare id, so rows keep `x_id: number`.
      entity.addManyToOne(column, 'integer', {
        entity: () => entities[target],
        mapToPk: true,
        fieldName: column,
        nullable: spec.nullable,
        deleteRule: 'no action',
        updateRule: 'no action',
        foreignKeyName: foreignKeyName(table, column),
      });
      // Unless an index the table declares begins with the column (`indexedBy`), which serves it.
      if (!schema[table].references.some((reference) => reference.column === column && reference.indexedBy)) {
        entity.addIndex({ name: indexName(table, column), properties: columnList([column]) });
      }
    }
    for (const index of schema[table].indexes) {
      if (index.using === 'trigram') entity.addIndex({ name: index.name, expression: trigramIndexSql(table, index) });
      else entity.addIndex({ name: index.name, properties: columnList(index.columns) });
    }
    for (const key of schema[table].unique) {
      entity.addUnique({ name: key.name, properties: columnList(key.columns) });
    }
  }
  entities.event.addIndex(unnumberedEventIndex);
  return entities;
}

export const entities = build();
/** Every table of the schema: the domain's, the rate limiter's and the large objects' record. */
export const entityList = [...tableNames.map((table) => entities[table]), rateLimitEntity, largeObjectBlobEntity];
