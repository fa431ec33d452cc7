import { describe, expect, it } from 'vitest';
import { createSessionTurns } from './session-turns';

/** A session that records what is posted, in order, and answers when told. */
function recordingSession() {
  const posted: string[] = [];
  const answers = new Map<string, () => void>();
  const post = (what: string) => () => {
    posted.push(what);
    return new Promise<string>((resolve) => answers.set(what, () => resolve(what)));
  };
  const answer = (what: string) => answers.get(what)?.();
  return { posted, post, answer };
}

/** A promise and the function that settles it. */
function opening() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('session turns', () => {
  it('post shared work at once, without waiting for earlier answers', () => {
    const turns = createSessionTurns();
    const session = recordingSession();
    void turns.shared(session.post('a'));
    void turns.shared(session.post('b'));
    expect(session.posted).toEqual(['a', 'b']);
  });

  it('hold shared work that arrives during an exclusive turn until the turn ends, then post it in arrival order', async () => {
    const turns = createSessionTurns();
    const session = recordingSession();
    const gate = opening();
    const before = turns.shared(session.post('read before'));
    const transaction = turns.exclusive(async () => {
      await session.post('begin')();
      await gate.opened;
    });
    const during = [turns.shared(session.post('read 1')), turns.shared(session.post('read 2'))];
    session.answer('read before');
    session.answer('begin');
    expect(await before).toBe('read before');
    expect(session.posted).toEqual(['read before', 'begin']);
    gate.open();
    await transaction;
    expect(session.posted).toEqual(['read before', 'begin', 'read 1', 'read 2']);
    session.answer('read 1');
    session.answer('read 2');
    expect(await Promise.all(during)).toEqual(['read 1', 'read 2']);
  });

  it('hand the session on when the turn releases it, before its work settles', async () => {
    const turns = createSessionTurns();
    const session = recordingSession();
    const gate = opening();
    const transaction = turns.exclusive(async (release) => {
      const commit = session.post('commit')();
      release();
      await gate.opened;
      return commit;
    });
    const read = turns.shared(session.post('read'));
    expect(session.posted).toEqual(['commit', 'read']);
    gate.open();
    session.answer('commit');
    session.answer('read');
    expect(await Promise.all([transaction, read])).toEqual(['commit', 'read']);
  });

  it('run exclusive turns one after another, shared work between them where it arrived', async () => {
    const turns = createSessionTurns();
    const events: string[] = [];
    const gate = opening();
    const first = turns.exclusive(async () => {
      await gate.opened;
      events.push('first');
    });
    const second = turns.exclusive(async () => void events.push('second'));
    const read = turns.shared(async () => void events.push('read'));
    const third = turns.exclusive(async () => void events.push('third'));
    gate.open();
    await Promise.all([first, second, read, third]);
    expect(events).toEqual(['first', 'second', 'read', 'third']);
  });

  it('end a turn whose work fails, and pass the failure on', async () => {
    const turns = createSessionTurns();
    const failing = turns.exclusive(async () => {
      throw new Error('work failed');
    });
    const throwing = turns.exclusive(() => {
      throw new Error('thrown before any promise');
    });
    await expect(failing).rejects.toThrow('work failed');
    await expect(throwing).rejects.toThrow('thrown before any promise');
    expect(await turns.shared(async () => 'free again')).toBe('free again');
  });
});
