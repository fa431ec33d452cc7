/** The pool size a PIPS server runs with, as its `/metrics` reports it, so a floor can use the same. */

const GAUGE = /^pips_store_pool_max_connections (\d+)$/m;

/** The value of `pips_store_pool_max_connections` in a metrics text; null when absent (no pool: PGlite, memory). */
export function poolMaxOf(metrics: string): number | null {
  const value = GAUGE.exec(metrics)?.[1];
  return value === undefined ? null : Number(value);
}

/** The pool size of the PIPS server at `url`; null when it has none. */
export async function pipsPoolMax(url: string): Promise<number | null> {
  const response = await fetch(`${url}/metrics`);
  if (!response.ok) throw new Error(`${url}/metrics answered ${response.status}`);
  return poolMaxOf(await response.text());
}
