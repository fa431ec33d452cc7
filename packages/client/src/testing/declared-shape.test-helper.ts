import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { scalar, type Field, type Scalar, type Shape } from './shape.test-helper';

/** A client function as its declaration says: the body it sends (its parameter `input`), and what its promise (or walk) gives. */
export interface DeclaredFunction {
  readonly input: Shape | undefined;
  readonly result: Shape;
}

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Every function of `PipsClient` (`group.function`), read from the client's sources with the
 * TypeScript compiler, as a service compiling against the client sees them.
 */
export function declaredFunctions(): Map<string, DeclaredFunction> {
  const config = ts.getParsedCommandLineOfConfigFile(`${PACKAGE}/tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('the client’s tsconfig.json does not read');
  const program = ts.createProgram([`${PACKAGE}/src/client.ts`], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(`${PACKAGE}/src/client.ts`);
  const declaration = source?.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'PipsClient');
  if (!declaration) throw new Error('PipsClient is not declared in src/client.ts');
  const shapes = shapeReader(checker);
  const out = new Map<string, DeclaredFunction>();
  for (const group of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration))) {
    for (const fn of checker.getPropertiesOfType(checker.getTypeOfSymbol(group))) {
      const signature = checker.getTypeOfSymbol(fn).getCallSignatures()[0];
      if (!signature) throw new Error(`${group.name}.${fn.name} is not a function`);
      const input = signature.parameters.find((parameter) => parameter.name === 'input');
      out.set(`${group.name}.${fn.name}`, { input: input && shapes.of(checker.getTypeOfSymbol(input)), result: shapes.result(signature.getReturnType()) });
    }
  }
  return out;
}

function shapeReader(checker: ts.TypeChecker) {
  const members = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  const isAbsent = (type: ts.Type) => (type.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;
  const scalarOf = (type: ts.Type): Scalar | null => {
    if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
    if (type.flags & ts.TypeFlags.NumberLike) return 'number';
    if (type.flags & ts.TypeFlags.StringLike) return 'string';
    return null;
  };

  function of(type: ts.Type, depth = 0): Shape {
    if (depth > 20) throw new Error(`a type nested too deep: ${checker.typeToString(type)}`);
    const present = members(type).filter((member) => !isAbsent(member));
    if (present.length === 0) return { kind: 'null' };
    const scalars = present.map(scalarOf);
    if (scalars.every((found) => found !== null)) return scalar(scalars as Scalar[]);
    if (present.length > 1) throw new Error(`a union the check does not read: ${checker.typeToString(type)}`);
    const only = present[0]!;
    if (checker.isArrayType(only) || checker.isTupleType(only)) {
      // An array's one type argument, or a tuple's elements (a split's two units), which must agree.
      const items = checker.getTypeArguments(only as ts.TypeReference).map((item) => of(item, depth + 1));
      if (new Set(items.map((item) => JSON.stringify(item))).size !== 1) throw new Error(`a tuple of different shapes: ${checker.typeToString(only)}`);
      return { kind: 'array', item: items[0]! };
    }
    const fields: Record<string, Field> = {};
    for (const property of checker.getPropertiesOfType(only)) {
      fields[property.name] = { shape: of(checker.getTypeOfSymbol(property), depth + 1), required: (property.flags & ts.SymbolFlags.Optional) === 0 };
    }
    // Custom attributes (`x_${string}`) or fields named by the data (an event's payload, `string`).
    const custom = checker.getIndexInfosOfType(only).find((info) => ['`x_${string}`', 'string'].includes(checker.typeToString(info.keyType)));
    if (checker.getIndexInfosOfType(only).length > (custom ? 1 : 0)) throw new Error(`an index signature the check does not read: ${checker.typeToString(only)}`);
    return { kind: 'object', fields, pattern: custom ? of(custom.type, depth + 1) : null };
  }

  /** What a call gives: a promise's value, or the items of a walk; a page is its items; nothing is `none`. */
  function result(type: ts.Type): Shape {
    const name = type.getSymbol()?.getName();
    if (name === 'AsyncGenerator') return { kind: 'array', item: of(checker.getTypeArguments(type as ts.TypeReference)[0]!) };
    const value = name === 'Promise' ? checker.getAwaitedType(type) : type;
    if (!value || members(value).every(isAbsent)) return { kind: 'none' };
    const items = value.getProperty('items');
    if (value.getProperty('pagination') && items) return of(checker.getTypeOfSymbol(items));
    return of(value);
  }

  return { of, result };
}
