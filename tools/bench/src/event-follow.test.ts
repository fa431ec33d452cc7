import { describe, expect, it } from 'vitest';
import { follow, sequencesIn, type FeedPage } from './event-follow';

/** A feed of `numbers`, `size` at a time, recording what was asked. */
function feedOf(numbers: number[], size: number) {
  const asked: number[] = [];
  const page = async (after: number): Promise<FeedPage> => {
    asked.push(after);
    const sequences = numbers.filter((n) => n > after).slice(0, size);
    return { body: sequences.map((n) => `<sequence>${n}</sequence>`).join(''), sequences };
  };
  return { page, asked };
}

describe('sequencesIn', () => {
  it('reads every event number of a page in order', () => {
    expect(sequencesIn('<events><event><sequence>7</sequence></event><event><sequence>8</sequence></event></events>')).toEqual([7, 8]);
    expect(sequencesIn('<events type="array"/>')).toEqual([]);
  });
});

describe('follow', () => {
  it('pages after the last number read until a page is empty', async () => {
    const feed = feedOf([1, 2, 3, 4, 5], 2);
    expect(await follow(feed.page, { contiguous: true })).toEqual({ events: 5, last: 5, pages: 4 });
    expect(feed.asked).toEqual([0, 2, 4, 5]);
  });

  it('starts where told', async () => {
    expect(await follow(feedOf([1, 2, 3, 4, 5], 2).page, { after: 3, contiguous: true })).toEqual({ events: 2, last: 5, pages: 2 });
  });

  it('refuses a gap in the whole feed, and takes one in a type of it, but never a number going back', async () => {
    await expect(follow(feedOf([1, 2, 4], 2).page, { contiguous: true })).rejects.toThrow('the feed gave 4 after 2');
    expect(await follow(feedOf([1, 2, 4], 2).page, { contiguous: false })).toEqual({ events: 3, last: 4, pages: 3 });
    const backwards = async (after: number): Promise<FeedPage> => ({ body: '', sequences: after === 0 ? [3, 2] : [] });
    await expect(follow(backwards, { contiguous: false })).rejects.toThrow('the feed gave 2 after 3');
  });
});
