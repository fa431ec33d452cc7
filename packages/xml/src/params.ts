export type ParamValue = string | null | Params | ParamValue[];

/** Always a null-prototype object, so keys such as `__proto__` are plain own data. */
export interface Params {
  [key: string]: ParamValue;
}

export function newParams(): Params {
  return Object.create(null) as Params;
}

/** Defines an own data property: never goes through a setter, not even `__proto__`'s. */
export function setParam(target: Params, key: string, value: ParamValue): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

export function isParams(value: ParamValue | undefined): value is Params {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
