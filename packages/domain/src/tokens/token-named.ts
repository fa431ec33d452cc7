import type { PlanWhere } from '../read-plan';
import { MAX_RECORD_ID } from '../record-id';
import type { ApiToken } from '../records';

/** Digits name a token by id; anything else cannot. */
export const tokenIdOf = (nameOrId: string): number | null => (/^\d{1,10}$/.test(nameOrId) ? Number(nameOrId) : null);

/**
 * The tokens `nameOrId` may name, as a read's condition: those with that name, and the one with
 * that id when it is digits. An id past the largest a record can have names none, and is not sent
 * (PostgreSQL would refuse the number). Which of them it does name is the plan's to say.
 */
export function tokensNamed(nameOrId: string): PlanWhere<ApiToken> {
  const id = tokenIdOf(nameOrId);
  return id === null || id > MAX_RECORD_ID ? { name: nameOrId } : { $or: [{ name: nameOrId }, { id }] };
}
