import { sequencesIn, type FeedPage } from './event-follow';
import { TOKEN } from './server';
import { answer } from './write-requests';

/** The page size a follower asks for: the most the feed gives. */
export const PAGE = 1000;

export const pagePath = (after: number, type: string | null) => `/api/v2/${TOKEN}/events?after=${after}&limit=${PAGE}${type ? `&type=${type}` : ''}`;

/** The feed of the server at `url` (of one type, or all), a page at a time. */
export const pagesOf =
  (url: string, type: string | null) =>
  async (after: number): Promise<FeedPage> => {
    const { status, body } = await answer(url + pagePath(after, type));
    if (status !== 200) throw new Error(`the feed answered ${status} after ${after}`);
    return { body, sequences: sequencesIn(body) };
  };
