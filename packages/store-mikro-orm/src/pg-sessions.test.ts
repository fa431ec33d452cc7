import { afterAll, describe, expect, it } from 'vitest';
import { pgSessions } from './pg-sessions';
import type { PgClient, PgPool } from './sql/session';
import { sharedPostgres, TEST_DATABASE_URL } from './test-databases';

// When a PostgreSQL transaction's BEGIN goes out: with a first read, before BEGIN is answered;
// with a first write, only after; with no statement at all, never.

interface Sent {
  readonly text: string;
  /** Which write to the socket carried it: statements sent while it is corked share one. */
  readonly write: number;
  answer(): void;
  fail(error: Error): void;
}

/** A pool of one connection whose statements wait until the test answers them, in order sent. */
function heldPool() {
  const sent: Sent[] = [];
  const released: unknown[] = [];
  let corked = 0;
  let writes = 0;
  const client: PgClient = {
    query: (config) =>
      new Promise((resolve, reject) => {
        const write = corked > 0 ? writes : writes++;
        sent.push({ text: config.text, write, answer: () => resolve({ rows: [], rowCount: 0 }), fail: reject });
      }),
    release: (destroy) => void released.push(destroy),
    connection: {
      stream: {
        cork: () => void corked++,
        uncork: () => {
          if (--corked === 0) writes++;
        },
      },
    },
  };
  const pool: PgPool = { query: () => Promise.reject(new Error('not used')), connect: async () => client };
  return { sent, released, sessions: pgSessions(pool, () => undefined) };
}

/** Lets every promise settled so far run its handlers. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const read = { text: 'SELECT 1', values: [] };
const write = { text: 'INSERT INTO t DEFAULT VALUES', values: [] };

describe('a PostgreSQL transaction begins', () => {
  it('with its first read in one round trip: the read is sent before BEGIN is answered', async () => {
    const { sent, sessions } = heldPool();
    const done = sessions.transaction((session) => session.run(read, { readOnly: true }));
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['BEGIN', 'SELECT 1']);
    // In one write to the socket, too.
    expect(sent.map((s) => s.write)).toEqual([0, 0]);
    sent[0]!.answer();
    sent[1]!.answer();
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['BEGIN', 'SELECT 1', 'COMMIT']);
    sent[2]!.answer();
    await expect(done).resolves.toEqual({ rows: [], count: 0 });
  });

  it('before a first write is sent, so a failed BEGIN never leaves the write committed alone', async () => {
    const { sent, released, sessions } = heldPool();
    const done = sessions.transaction((session) => session.run(write));
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['BEGIN']);
    sent[0]!.fail(new Error('begin failed'));
    await settle();
    // The write never went out; ROLLBACK is sent, and answered, before the connection goes back.
    expect(sent.map((s) => s.text)).toEqual(['BEGIN', 'ROLLBACK']);
    expect(released).toEqual([]);
    sent[1]!.answer();
    await expect(done).rejects.toThrow('begin failed');
    expect(released).toEqual([undefined]);
  });

  it('and fails with BEGIN\'s error, not the read\'s answer, when BEGIN fails beside a read', async () => {
    const { sent, sessions } = heldPool();
    const done = sessions.transaction((session) => session.run(read, { readOnly: true }));
    await settle();
    sent[1]!.answer();
    sent[0]!.fail(new Error('begin failed'));
    await settle();
    sent[2]?.answer();
    await expect(done).rejects.toThrow('begin failed');
    expect(sent.map((s) => s.text)).toEqual(['BEGIN', 'SELECT 1', 'ROLLBACK']);
  });

  it('and ends with a statement that commits: COMMIT goes out before that statement is answered, and nothing after', async () => {
    const { sent, released, sessions } = heldPool();
    const done = sessions.transaction(async (session) => {
      await session.run(read, { readOnly: true });
      return session.run(write, { commit: true });
    });
    await settle();
    sent[0]!.answer();
    sent[1]!.answer();
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['BEGIN', 'SELECT 1', 'INSERT INTO t DEFAULT VALUES', 'COMMIT']);
    expect(sent.map((s) => s.write)).toEqual([0, 0, 1, 1]);
    sent[2]!.answer();
    sent[3]!.answer();
    await expect(done).resolves.toEqual({ rows: [], count: 0 });
    expect(sent).toHaveLength(4);
    expect(released).toEqual([undefined]);
  });

  it('with nothing around a first statement that commits: one statement is atomic on its own', async () => {
    const { sent, sessions } = heldPool();
    const done = sessions.transaction((session) => session.run(write, { commit: true }));
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['INSERT INTO t DEFAULT VALUES']);
    sent[0]!.fail(new Error('duplicate key'));
    await expect(done).rejects.toThrow('duplicate key');
    expect(sent).toHaveLength(1);
  });

  it('not at all for work that sends no statement', async () => {
    const { sent, released, sessions } = heldPool();
    await expect(sessions.transaction(async () => 7)).resolves.toBe(7);
    await expect(sessions.transaction(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(sent).toEqual([]);
    expect(released).toEqual([undefined, undefined]);
  });
});

const lock = { text: 'SELECT pg_advisory_xact_lock(7)', values: [] };

describe('a lock taken in a PostgreSQL transaction', () => {
  it('goes in one write with the statement after it, and the statement is answered only when the lock is', async () => {
    const { sent, sessions } = heldPool();
    const done = sessions.transaction(async (session) => {
      await session.run(read, { readOnly: true });
      const locked = await session.run(read, { readOnly: true, before: [lock] });
      const written = await session.run(write, { commit: true, before: [lock] });
      return [locked, written];
    });
    await settle();
    sent[0]!.answer();
    sent[1]!.answer();
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['BEGIN', 'SELECT 1', lock.text, 'SELECT 1']);
    expect(sent.map((s) => s.write)).toEqual([0, 0, 1, 1]);
    // The read is answered first: the run still waits for the lock's answer.
    sent[3]!.answer();
    await settle();
    expect(sent).toHaveLength(4);
    sent[2]!.answer();
    await settle();
    // With a statement that commits: lock, statement and COMMIT in one write.
    expect(sent.slice(4).map((s) => [s.text, s.write])).toEqual([[lock.text, 2], [write.text, 2], ['COMMIT', 2]]);
    for (const s of sent.slice(4)) s.answer();
    await expect(done).resolves.toEqual([{ rows: [], count: 0 }, { rows: [], count: 0 }]);
  });

  it('fails the statement with the lock\'s error, not the one that follows it', async () => {
    const { sent, sessions } = heldPool();
    const done = sessions.transaction(async (session) => {
      await session.run(read, { readOnly: true });
      return session.run(read, { readOnly: true, before: [lock] });
    });
    await settle();
    sent[0]!.answer();
    sent[1]!.answer();
    await settle();
    sent[3]!.fail(new Error('current transaction is aborted'));
    sent[2]!.fail(new Error('deadlock detected'));
    await settle();
    sent[4]?.answer();
    await expect(done).rejects.toThrow('deadlock detected');
    expect(sent.map((s) => s.text)).toEqual(['BEGIN', 'SELECT 1', lock.text, 'SELECT 1', 'ROLLBACK']);
  });

  it('as the first thing before a statement that commits: BEGIN first, then lock, statement and COMMIT together', async () => {
    const { sent, sessions } = heldPool();
    const done = sessions.transaction((session) => session.run(write, { commit: true, before: [lock] }));
    await settle();
    expect(sent.map((s) => s.text)).toEqual(['BEGIN']);
    sent[0]!.answer();
    await settle();
    expect(sent.map((s) => [s.text, s.write])).toEqual([['BEGIN', 0], [lock.text, 1], [write.text, 1], ['COMMIT', 1]]);
    for (const s of sent.slice(1)) s.answer();
    await expect(done).resolves.toEqual({ rows: [], count: 0 });
  });
});

describe('a PostgreSQL command run alone (VACUUM)', () => {
  /** A pool of one connection that answers at once, failing the statements `fails` names. */
  function answeringPool(fails: (text: string) => boolean) {
    const sent: string[] = [];
    const released: unknown[] = [];
    const client: PgClient = {
      query: async ({ text }) => {
        sent.push(text);
        if (fails(text)) throw new Error(`${text} failed`);
        return { rows: [], rowCount: 0 };
      },
      release: (destroy) => void released.push(destroy),
    };
    const pool: PgPool = { connect: async () => client, query: () => Promise.reject(new Error('not on the pool')) };
    return { pool, sent, released };
  }

  it('runs without the statement timeout, which the connection gets back before it is returned', async () => {
    const { pool, sent, released } = answeringPool(() => false);
    await pgSessions(pool, () => undefined).alone('VACUUM (ANALYZE) "part"');
    expect(sent).toEqual(['SET statement_timeout = 0', 'VACUUM (ANALYZE) "part"', 'RESET statement_timeout']);
    expect(released).toEqual([false]);
  });

  it('fails with the command\'s error, and a connection that could not take its timeout back is discarded', async () => {
    const vacuum = answeringPool((text) => text.startsWith('VACUUM'));
    await expect(pgSessions(vacuum.pool, () => undefined).alone('VACUUM "part"')).rejects.toThrow('VACUUM "part" failed');
    expect(vacuum.released).toEqual([false]);
    const reset = answeringPool((text) => text.startsWith('RESET'));
    await pgSessions(reset.pool, () => undefined).alone('VACUUM "part"');
    expect(reset.released).toEqual([true]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the pool PostgreSQL transactions use', () => {
  const database = TEST_DATABASE_URL ? sharedPostgres(TEST_DATABASE_URL) : undefined;
  afterAll(() => database?.dispose());

  it('pipelines: a statement goes out without waiting for the one before it', async () => {
    await (await database!.open()).close();
    const pool = (await (await database!.orm()).driver.getConnection().getNativeClient()) as PgPool;
    const client = (await pool.connect()) as PgClient & { pipeline?: boolean };
    try {
      expect(client.pipeline).toBe(true);
    } finally {
      client.release();
    }
  });
});
