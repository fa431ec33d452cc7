import { describe, expect, it } from 'vitest';
import { shortestLoop, type Link } from './bill-loop';

// Parts are letters' codes (A = 65); a part's revisions are its code × 10 + n (A1 = 651, A2 = 652).
const [A, B, C, D, E] = [65, 66, 67, 68, 69];
const rev = (part: number, n = 1) => ({ id: part * 10 + n, part_id: part });

let nextId = 1;
/** A line on `assembly`'s bill listing `child`. */
function line(assembly: { id: number; part_id: number }, child: { id: number; part_id: number }): Link {
  return { id: nextId++, part_id: assembly.part_id, part_revision_id: assembly.id, subpart_id: child.part_id, subpart_part_revision_id: child.id };
}
const letters = (loop: number[] | null) => loop && loop.map((part) => String.fromCharCode(part)).join(' > ');

describe('shortestLoop', () => {
  it('finds the revision\'s own part listed on its bill, directly or at any depth, by the fewest lines', () => {
    expect(letters(shortestLoop(rev(A), [line(rev(A), rev(A))], []))).toBe('A > A');
    // A lists B; B lists C; C lists A, and B lists A directly too.
    const ab = line(rev(A), rev(B));
    const bc = line(rev(B), rev(C));
    const ca = line(rev(C), rev(A));
    expect(letters(shortestLoop(rev(A), [ab, bc, ca], []))).toBe('A > B > C > A');
    expect(letters(shortestLoop(rev(A), [ab, bc, ca, line(rev(B), rev(A))], []))).toBe('A > B > A');
    // Another revision of A, listed below A's revision 2, is A all the same.
    expect(letters(shortestLoop(rev(A, 2), [line(rev(A, 2), rev(B)), line(rev(B), rev(A, 1))], []))).toBe('A > B > A');
  });

  it('finds a part above the revision listed below it: a low line can close a loop that starts high', () => {
    // D's revision 2 lists E, which lists A's revision; A's revision (changed) lists B, which lists D's revision 1.
    const above = [line(rev(D, 2), rev(E)), line(rev(E), rev(A))];
    const below = [line(rev(A), rev(B)), line(rev(B), rev(D, 1))];
    expect(letters(shortestLoop(rev(A), below, above))).toBe('D > E > A > B > D');
    // Nothing of D below: no loop.
    expect(shortestLoop(rev(A), below.slice(0, 1), above)).toBeNull();
  });

  it('walks a chain 2,000 lines deep each way and a lattice of 2^60 paths in time linear in the lines', () => {
    const chain = Array.from({ length: 2_000 }, (_, i) => ({ id: 100_000 + i, part_id: 10_000 + i }));
    const down = chain.slice(1).map((child, i) => line(chain[i]!, child));
    expect(shortestLoop(chain[0]!, down, [])).toBeNull();
    const closing = line(chain.at(-1)!, { id: 999, part_id: chain[0]!.part_id });
    expect(shortestLoop(chain[0]!, [...down, closing], [])).toHaveLength(2_001);
    expect(shortestLoop(chain.at(-1)!, [closing], down)).toHaveLength(2_001);
    // Sixty levels of two revisions of two parts each, each using both of the level below.
    const lattice: Link[] = [];
    const level = (n: number) => [{ id: 200_000 + 2 * n, part_id: 20_000 + 2 * n }, { id: 200_001 + 2 * n, part_id: 20_001 + 2 * n }];
    for (let n = 0; n < 60; n++) for (const from of level(n)) for (const to of level(n + 1)) lattice.push(line(from, to));
    expect(shortestLoop(level(0)[0]!, lattice, [])).toBeNull();
    // A lists the top; the bottom lists A: A, the top, 60 levels down and A again.
    const loop = shortestLoop(level(0)[0]!, [...lattice, line(level(60)[1]!, rev(A))], [line(rev(A), level(0)[0]!)]);
    expect([loop?.length, loop?.[0], loop?.[1], loop?.at(-2), loop?.at(-1)]).toEqual([63, A, level(0)[0]!.part_id, level(60)[1]!.part_id, A]);
  });

  it('ends on loops already in the data that do not pass through its part', () => {
    // B ⇄ C below A, and D ⇄ E above it.
    const below = [line(rev(A), rev(B)), line(rev(B), rev(C)), line(rev(C), rev(B))];
    const above = [line(rev(D), rev(A)), line(rev(E), rev(D)), line(rev(D), rev(E))];
    expect(shortestLoop(rev(A), below, above)).toBeNull();
  });
});
