import { redactText } from './redact-text';

// Deep enough for an error, its cause and a driver's details; what lies deeper is left out.
const MAX_DEPTH = 4;

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[left out]';
  if (value instanceof Error) return redactError(value, secrets, depth);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item, secrets, depth + 1)]));
}

/**
 * A copy of `error` to log: the same class (so a logger still names it) with its message, stack,
 * cause and every other property of its own masked as `redactText` masks a text. An unexpected
 * error may quote what the request held (a driver's query parameters, a value in a message).
 */
export function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error)) return redactValue(error, secrets, depth);
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
    const value: unknown = (error as unknown as Record<PropertyKey, unknown>)[key];
    Object.defineProperty(copy, key, {
      value: redactValue(value, secrets, depth + 1),
      enumerable: descriptor.enumerable ?? false,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
