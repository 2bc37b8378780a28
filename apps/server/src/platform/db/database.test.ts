// @module-tag embedded
// (also run on the embedded PostgreSQL by npm run test:embedded: docs/decisions/040)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnvironment } from '../../config';
import { freePort, scratchDatabase } from '../../../test/processes';
import { relay } from '../../../test/relay';
import { openServerDatabase, type DatabaseLog } from './database';
import { rowsOf } from './rows';

const serverUrl = readEnvironment().DATABASE_URL;

function recordingLog() {
  const lines: { details: object; message: string }[] = [];
  const log: DatabaseLog = { warn: (details, message) => lines.push({ details, message }) };
  return { lines, log };
}

describe.runIf(serverUrl)('the server database when PostgreSQL is away (decision 037)', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase('db_faults');
  });
  afterAll(async () => scratch.drop());

  /** The scratch database's URL through `port`. */
  const through = (port: number) => {
    const url = new URL(scratch.url);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };

  it('a server starting before PostgreSQL waits, says so, and opens once it answers', async () => {
    const port = await freePort();
    const proxy = relay(port, new URL(scratch.url));
    const { lines, log } = recordingLog();
    let clock = 0;
    const database = await openServerDatabase(through(port), 2, {
      log,
      waitMs: 60_000,
      now: () => clock,
      // The pause between tries is where PostgreSQL comes up: on the third try it answers.
      pause: async (ms) => {
        clock += ms;
        if (lines.length === 2) await proxy.start();
      },
    });
    try {
      const [row] = await rowsOf<{ one: number }>(database.db, sql`select 1 as one`);
      expect(row).toEqual({ one: 1 });
      expect(lines.map((line) => line.message)).toEqual([
        expect.stringMatching(
          /^PostgreSQL at 127\.0\.0\.1:\d+ cannot be reached yet; trying again in 1 s \(giving up 60 s from now\)$/,
        ),
        expect.stringMatching(/trying again in 2 s \(giving up 59 s from now\)$/),
      ]);
    } finally {
      await database.close();
      await proxy.stop();
    }
  });

  it('gives up after DATABASE_START_WAIT_SECONDS with a message that says what is wrong', async () => {
    const port = await freePort();
    const { lines, log } = recordingLog();
    let clock = 0;
    const opening = openServerDatabase(through(port), 2, {
      log,
      waitMs: 30_000,
      now: () => clock,
      pause: async (ms) => {
        clock += ms;
      },
    });
    await expect(opening).rejects.toThrow(
      /^PostgreSQL at 127\.0\.0\.1:\d+ \(DATABASE_URL\) could not be reached for 30 s \(ECONNREFUSED: .*\); is it running\? DATABASE_START_WAIT_SECONDS sets how long to wait\.$/,
    );
    // 1, 2, 3, 4, 5, 5, 5, 5 s: a line each.
    expect(lines).toHaveLength(8);
    expect(clock).toBe(30_000);
  });

  it('a lost connection, idle or in use, is logged and never ends the process; the pool recovers', async () => {
    const port = await freePort();
    const proxy = relay(port, new URL(scratch.url));
    await proxy.start();
    const { lines, log } = recordingLog();
    const database = await openServerDatabase(through(port), 4, { log });
    let release: () => void = () => {};
    try {
      // Three connections: one checked out by a transaction, two idle in the pool.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const holding = new Promise<void>((resolve) => (release = resolve));
      let inTransaction: () => void = () => {};
      const entered = new Promise<void>((resolve) => (inTransaction = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inTransaction();
        await holding;
        await tx.execute(sql`select 2`);
      });
      await entered;

      // PostgreSQL goes away: every connection ends.
      proxy.cut();
      await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(3));
      expect(lines.every((line) => /a PostgreSQL connection was lost/.test(line.message))).toBe(true);
      release();
      await expect(transaction).rejects.toThrow();

      // It is back (the relay never stopped listening): the next query gets a new connection.
      const [row] = await rowsOf<{ two: number }>(database.db, sql`select 2 as two`);
      expect(row).toEqual({ two: 2 });
    } finally {
      release();
      await database.close();
      await proxy.stop();
    }
  });
});
