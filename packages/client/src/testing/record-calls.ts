import type { PipsClient } from '../client';
import { operations, type Operations } from '../operations';

/** A client whose function calls are counted by `group.function`, so a test file can prove it called every one of its groups. */
export interface RecordedClient {
  readonly client: PipsClient;
  /** `group.function` names of `groups` never called. */
  uncalled(groups: ReadonlyArray<keyof Operations>): string[];
}

export function recordCalls(client: PipsClient): RecordedClient {
  const called = new Set<string>();
  const wrapped = Object.fromEntries(
    Object.entries(client).map(([group, functions]) => [
      group,
      Object.fromEntries(
        Object.entries(functions as Record<string, (...args: unknown[]) => unknown>).map(([name, call]) => [
          name,
          (...args: unknown[]) => {
            called.add(`${group}.${name}`);
            return call(...args);
          },
        ]),
      ),
    ]),
  ) as unknown as PipsClient;
  return {
    client: wrapped,
    uncalled: (groups) => groups.flatMap((group) => Object.keys(operations[group]).map((name) => `${group}.${name}`)).filter((name) => !called.has(name)),
  };
}
