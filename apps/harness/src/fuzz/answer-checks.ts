import { parseXml, type ParamValue, type Params } from '@pips/xml';
import { expect } from 'vitest';
import type { Answer } from './http-send';

/** The statuses a refusal may have (DESIGN 3): malformed or invalid, no token, no permission, no record, too large, wrong type, wrong state. */
export const REFUSALS = [400, 401, 403, 404, 413, 415, 422] as const;

const isHash = (value: ParamValue | undefined): value is Params => value !== null && typeof value === 'object' && !Array.isArray(value);
const nonBlank = (value: ParamValue | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * An error body, one of the shapes DESIGN 3 and SPEC 7 give: `<error><message>…`, `<errors
 * type="array"><error>…` with a message each, or per-item errors (`<subparts type="array"><subpart>
 * <number>…<errors type="array">…`).
 */
function expectErrorBody(doc: Params, shown: string): void {
  const roots = Object.keys(doc);
  expect(roots, shown).toHaveLength(1);
  const value = doc[roots[0]!];
  if (roots[0] === 'error') {
    expect(isHash(value) && nonBlank(value.message), shown).toBe(true);
    return;
  }
  expect(Array.isArray(value) && value.length > 0, shown).toBe(true);
  for (const item of value as ParamValue[]) {
    if (typeof item === 'string') expect(nonBlank(item), shown).toBe(true);
    else {
      expect(isHash(item) && /^\d+$/.test(String(item.number)), shown).toBe(true);
      const messages = (item as Params).errors;
      expect(Array.isArray(messages) ? messages.every(nonBlank) : nonBlank(messages), shown).toBe(true);
    }
  }
}

/** Reads an answer as XML, failing with the answer shown when it is not. */
function xmlOf(answer: Answer, shown: string): Params {
  try {
    return parseXml(answer.text);
  } catch (error) {
    throw new Error(`the answer is not XML the codec reads (${String(error)}):\n${shown}`);
  }
}

/**
 * Every answer is a 2xx (XML or empty) or a refusal with a status of DESIGN 3 and a well-formed
 * XML error body; never a 5xx. An answer to HEAD has its status and type but no body to read.
 * Answers true when the request was refused.
 */
export function checkAnswer(answer: Answer, method: string): boolean {
  const shown = `${answer.status}\n${answer.text.slice(0, 2000)}`;
  expect(answer.headers['content-type'], shown).toMatch(/^application\/xml; charset=utf-8$/i);
  if (method === 'HEAD') {
    expect(answer.status === 200 || (REFUSALS as readonly number[]).includes(answer.status), shown).toBe(true);
    return answer.status !== 200;
  }
  if (answer.status >= 200 && answer.status < 300) {
    if (answer.text !== '') xmlOf(answer, shown);
    return false;
  }
  expect(REFUSALS, shown).toContain(answer.status);
  expectErrorBody(xmlOf(answer, shown), shown);
  return true;
}
