import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberHeaders, type TestApp } from '../../test/test-app';

const PHONE = '0898765432';

/** What the server logs, line by line, as parsed JSON and as written. */
describe('the log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        logTo: { write: (line) => void lines.push(line) },
        beforeReady: (app, database) => {
          // A query that fails with a member's phone among its parameters, and PostgreSQL's
          // message quoting it: invalid input syntax for type boolean: "0898765432".
          app.get('/api/test/failing-query', async () => {
            await database.db.execute(sql`select ${PHONE}::text::boolean as phone`);
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const logged = () => lines.join('');

  // On node-postgres the database's error is the cause of drizzle's; on PGlite it is too, but
  // carries the query and its parameters itself. Either way the log keeps the same.
  it('keeps the SQL and the database error code of a failed query, never its values', async () => {
    lines.length = 0;
    const response = await t.app.inject({ url: '/api/test/failing-query', headers: memberHeaders() });
    expect(response.statusCode).toBe(500);
    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((line) => line.msg === 'unexpected failure');
    expect(failure?.err?.message).toBe('Failed query: select $1::text::boolean as phone');
    expect(failure?.err?.database).toEqual({ code: '22P02' });
    const cause = failure?.err?.cause as { code?: string; message?: string } | undefined;
    expect(cause?.code).toBe('22P02');
    expect(cause?.message).toMatch(/^database error 22P02/);
    expect(logged()).not.toContain(PHONE);
    expect(logged()).not.toContain('invalid input syntax');
  });

  it('redacts the password segment of the auto-login path', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/autoLogin/JOKER/lw100001/s3cret-Pass', headers: memberHeaders() });
    expect(logged()).toContain('"url":"/api/autoLogin/JOKER/lw100001/[redacted]"');
    expect(logged()).not.toContain('s3cret-Pass');
  });

  it('keeps the names of query-string values, not the values', async () => {
    lines.length = 0;
    await t.app.inject({ url: `/api/sandbox/sms?phone=${PHONE}`, headers: memberHeaders() });
    expect(logged()).toContain('"url":"/api/sandbox/sms?phone=…"');
    expect(logged()).not.toContain(PHONE);
  });
});
