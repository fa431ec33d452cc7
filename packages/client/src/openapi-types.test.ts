import { apiDescription } from '@pips/http';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations, type Route } from './operations';
import { declaredFunctions, type DeclaredFunction } from './testing/declared-shape.test-helper';
import { describedShape, type Schema } from './testing/described-shape.test-helper';
import { differences, type Allowances, type Shape } from './testing/shape.test-helper';

/**
 * Where the client's types say something other than the description, on purpose. Each is named
 * `function: path` and says why; anything else that differs fails.
 */
const ALLOWED: Allowances = {
  'revisions.bom: result.levels': 'the description has the text the server writes (`all` or digits); the client reads the digits as a number',
  'inventoryUnits.create: input.generate_asset_id': 'the server asks for the text `true`; the client takes a boolean and sends `true` as that text (`false` asks for nothing)',
  'inventoryUnits.split: input.generate_asset_id': 'as for create',
};

const document = apiDescription() as Schema;
const paths = document.paths as Record<string, Record<string, Schema>>;

const entries = Object.entries(operations).flatMap(([group, functions]) =>
  Object.entries(functions as Record<string, Route>).map(([name, route]) => ({ name: `${group}.${name}`, route })),
);

/** The description's operation a route is: `/api/v2/{api_token}` and the path with `{name}` parameters. */
function describedOperation(route: Route): Schema {
  const operation = paths[`/api/v2/{api_token}${route.path.replace(/:([a-z_]+)/g, '{$1}')}`]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.path} is not in the description`);
  return operation;
}

const xmlSchema = (holder: unknown): unknown => ((holder as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/xml']?.schema;

function describedResult(operation: Schema): Shape {
  const schema = xmlSchema((operation.responses as Record<string, unknown>)['200']);
  return schema === undefined ? { kind: 'none' } : describedShape(schema, document);
}

let declared: Map<string, DeclaredFunction>;
beforeAll(() => {
  declared = declaredFunctions();
}, 60_000);

const allowedFor = (name: string) => (path: string) => Object.hasOwn(ALLOWED, `${name}: ${path}`);

describe('the client’s types against /openapi.json', () => {
  const api = entries.filter((entry) => entry.route.api);

  it('reads every function of the client, and the table names them all', () => {
    expect([...declared.keys()].sort()).toEqual(entries.map((entry) => entry.name).sort());
  });

  it.each(api)('$name: the result has the fields the description’s answer has, each of its type', ({ name, route }) => {
    const fn = declared.get(name)!;
    expect(differences(fn.result, describedResult(describedOperation(route)), 'result', 'result', allowedFor(name))).toEqual([]);
  });

  it.each(api)('$name: the input names only fields the description’s body has, and every field it requires', ({ name, route }) => {
    const body = xmlSchema(describedOperation(route).requestBody);
    const input = declared.get(name)!.input;
    expect(input === undefined ? 'no input' : 'an input', 'an input where, and only where, the description has a body').toBe(body === undefined ? 'no input' : 'an input');
    if (input === undefined || body === undefined) return;
    expect(differences(input, describedShape(body, document), 'input', 'input', allowedFor(name))).toEqual([]);
  });

  it('allows no difference that is not there', () => {
    const used = new Set<string>();
    for (const { name, route } of api) {
      const fn = declared.get(name)!;
      const operation = describedOperation(route);
      const note = (path: string) => {
        const key = `${name}: ${path}`;
        if (Object.hasOwn(ALLOWED, key)) used.add(key);
        return false;
      };
      differences(fn.result, describedResult(operation), 'result', 'result', note);
      const body = xmlSchema(operation.requestBody);
      if (fn.input && body !== undefined) differences(fn.input, describedShape(body, document), 'input', 'input', note);
    }
    expect(Object.keys(ALLOWED).filter((key) => !used.has(key))).toEqual([]);
  });
});
