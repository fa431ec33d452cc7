import { connect } from 'node:net';
import { once } from 'node:events';
import { setImmediate as tick } from 'node:timers/promises';
import { issueToken, parseIssueToken, systemClock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './create-app';
import { serve, type TestClient } from './test-client';

interface Line {
  level: 'info' | 'warn' | 'error';
  msg?: string;
  obj: Record<string, unknown>;
}

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe('a client that hangs up mid-upload', () => {
  it('is one info line, not a server error', async () => {
    const store = createMemoryStore();
    const { token } = await issueToken({ store, clock: systemClock }, parseIssueToken({ name: 't', permissions: [] }));
    const lines: Line[] = [];
    let answered!: () => void;
    const accessLine = new Promise<void>((resolve) => (answered = resolve));
    const record = (level: Line['level']) => (obj: object, msg?: string) => {
      lines.push({ level, msg, obj: obj as Record<string, unknown> });
      if ('duration_ms' in obj) answered();
    };
    const logger = { info: record('info'), warn: record('warn'), error: record('error') };
    client = await serve(createApp({ store, clock: systemClock, timezone: 'UTC', logger, tokenCacheMs: 0 }));

    const { port } = new URL(client.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/v2/${token}/unit HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: 100\r\n\r\n<unit><na`,
    );
    socket.end();
    socket.resume(); // drained, so 'close' comes once the server lets go
    await Promise.all([accessLine, once(socket, 'close')]);
    await tick();

    expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'client closed the connection',
      obj: { method: 'POST', path: '/api/v2/[token]/unit', status: 499 },
    });
  });
});
