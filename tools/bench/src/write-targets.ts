import type { Send } from './measure';
import { TOKEN } from './server';

const API = `/api/v2/${TOKEN}`;

/** A write measured beside its floor at the request targets' load: how its n-th request is made. */
export interface WriteTarget {
  name: 'create manufacturer' | 'create part' | 'update part';
  method: 'POST' | 'PUT';
  /** The path of request `n`. */
  path: (n: number) => string;
  /** A body writing `name` (unique to the request) where the document shows it. */
  body: (name: string) => string;
}

/** What the part writes refer to: what the seeded parts use, and the parts an update goes round. */
export interface PartSetting {
  manufacturerId: number;
  parttypeId: number;
  unitId: number;
  partIds: readonly number[];
}

export const manufacturerBody = (name: string) => `<manufacturer><name>${name}</name></manufacturer>`;

/** Create manufacturer; with a part setting (the engines whose floor writes), create part and update part too. */
export function writeTargets(setting: PartSetting | null): WriteTarget[] {
  const manufacturer: WriteTarget = { name: 'create manufacturer', method: 'POST', path: () => `${API}/manufacturer`, body: manufacturerBody };
  if (!setting) return [manufacturer];
  const { manufacturerId, parttypeId, unitId, partIds } = setting;
  if (partIds.length === 0) throw new Error('update part needs parts to go round');
  return [
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
}

/** The load's requests of `target` on one side: each a new name (`prefix` and a count) and the next path. */
export function sendOf(target: WriteTarget, prefix: string): Send {
  let bodies = 0;
  let paths = 0;
  return { method: target.method, body: () => target.body(`${prefix} ${bodies++}`), path: () => target.path(paths++) };
}

/** The ids the first part of a show form refers to, for parts made like it. */
export function partSettingOf(showPart: string, partIds: readonly number[]): PartSetting {
  const id = (name: string) => {
    const value = new RegExp(`<${name}>(\\d+)</${name}>`).exec(showPart)?.[1];
    if (value === undefined) throw new Error(`the part shown has no ${name}`);
    return Number(value);
  };
  return { manufacturerId: id('manufacturer_id'), parttypeId: id('parttype_id'), unitId: id('unit_id'), partIds };
}
