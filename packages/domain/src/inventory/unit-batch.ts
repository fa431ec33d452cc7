import type { Context } from '../context';
import type { Batched } from '../row-batches';

/** A change of a unit waiting in a batch (`inBatch`): its request's context and parsed input. */
export interface UnitChangeRequest<I extends { readonly partId: number }> {
  readonly ctx: Context;
  readonly input: I;
}

/**
 * A batch of changes of one unit split by the part their paths name: those naming the first's
 * part go `together` (given `release`), and, a unit belonging to one part, each naming another is
 * made `alone` after them (a 404, as alone). What `together` throws fails those it did not answer.
 */
export async function byPartOfFirst<I extends { readonly partId: number }, T>(
  batch: ReadonlyArray<Batched<UnitChangeRequest<I>, T>>,
  release: () => void,
  together: (same: ReadonlyArray<Batched<UnitChangeRequest<I>, T>>, release: () => void) => Promise<void>,
  alone: (ctx: Context, input: I) => Promise<T>,
): Promise<void> {
  const partId = batch[0]!.item.input.partId;
  const same = batch.filter((waiting) => waiting.item.input.partId === partId);
  const others = batch.filter((waiting) => waiting.item.input.partId !== partId);
  await together(same, others.length === 0 ? release : () => {}).catch((error: unknown) => {
    for (const waiting of same) waiting.reject(error);
  });
  for (const waiting of others) await alone(waiting.item.ctx, waiting.item.input).then(waiting.resolve, waiting.reject);
}
