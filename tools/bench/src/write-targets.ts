import type { Send } from './measure';
import { TOKEN } from './server';
import type { WriteName } from './targets';

const API = `/api/v2/${TOKEN}`;

/** A write measured beside its floor at the request targets' load: how its n-th request is made. */
export interface WriteTarget {
  name: WriteName;
  method: 'POST' | 'PUT';
  /** The path of request `n`. */
  path: (n: number) => string;
  /** The body of request `n`, writing `name` (unique to the request) where the document shows it. */
  body: (name: string, n: number) => string;
}

/** What the part writes refer to: what the seeded parts use, and the parts an update goes round. */
export interface PartSetting {
  manufacturerId: number;
  parttypeId: number;
  unitId: number;
  partIds: readonly number[];
}

/** Where the bill lines go: a draft revision no part lists, and the parts it lists in turn (by part number, as clients name them). */
export interface BillSetting {
  assemblyRevisionId: number;
  childPartnumbers: readonly string[];
}

export const manufacturerBody = (name: string) => `<manufacturer><name>${name}</name></manufacturer>`;

/**
 * Create manufacturer; with a part setting (the engines whose floor writes), create part and update
 * part too; with a bill setting, add bill line.
 */
export function writeTargets(setting: PartSetting | null, bill: BillSetting | null = null): WriteTarget[] {
  const manufacturer: WriteTarget = { name: 'create manufacturer', method: 'POST', path: () => `${API}/manufacturer`, body: manufacturerBody };
  if (!setting) return [manufacturer];
  const { manufacturerId, parttypeId, unitId, partIds } = setting;
  if (partIds.length === 0) throw new Error('update part needs parts to go round');
  const parts: WriteTarget[] = [
    manufacturer,
    {
      name: 'create part',
      method: 'POST',
      path: () => `${API}/part`,
      body: (name) =>
        `<part><partnumber>${name}</partnumber><manufacturer_pn>${name}</manufacturer_pn><manufacturer_id>${manufacturerId}</manufacturer_id>` +
        `<parttype_id>${parttypeId}</parttype_id><unit_id>${unitId}</unit_id><revision><revision_name>A</revision_name></revision></part>`,
    },
    {
      name: 'update part',
      method: 'PUT',
      path: (n) => `${API}/part/${partIds[n % partIds.length]}`,
      body: (name) => `<part><manufacturer_pn>${name}</manufacturer_pn></part>`,
    },
  ];
  if (!bill) return parts;
  const { assemblyRevisionId, childPartnumbers } = bill;
  if (childPartnumbers.length === 0) throw new Error('add bill line needs parts to list');
  // A line's answer shows no name: the children are listed round robin.
  const addLine: WriteTarget = {
    name: 'add bill line',
    method: 'POST',
    path: () => `${API}/subpart`,
    body: (_name, n) =>
      `<subpart><part_revision_id>${assemblyRevisionId}</part_revision_id><partnumber>${childPartnumbers[n % childPartnumbers.length]}</partnumber>` +
      '<quantity>1</quantity></subpart>',
  };
  return [...parts, addLine];
}

/** The load's requests of `target` on one side: each a new name (`prefix` and a count) and the next path. */
export function sendOf(target: WriteTarget, prefix: string): Send {
  let bodies = 0;
  let paths = 0;
  return {
    method: target.method,
    body: () => {
      const n = bodies++;
      return target.body(`${prefix} ${n}`, n);
    },
    path: () => target.path(paths++),
  };
}

/** The revision of a part's show form (the one it shows). */
export function revisionIdOf(showPart: string): number {
  const id = /<revision>\s*<id>(\d+)<\/id>/.exec(showPart)?.[1];
  if (id === undefined) throw new Error('the part shown has no revision');
  return Number(id);
}

/** Every part number in a document, in order. */
export const partnumbersIn = (document: string): string[] => [...document.matchAll(/<partnumber>([^<]+)<\/partnumber>/g)].map((match) => match[1]!);

/** The ids the first part of a show form refers to, for parts made like it. */
export function partSettingOf(showPart: string, partIds: readonly number[]): PartSetting {
  const id = (name: string) => {
    const value = new RegExp(`<${name}>(\\d+)</${name}>`).exec(showPart)?.[1];
    if (value === undefined) throw new Error(`the part shown has no ${name}`);
    return Number(value);
  };
  return { manufacturerId: id('manufacturer_id'), parttypeId: id('parttype_id'), unitId: id('unit_id'), partIds };
}
