import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditFilterOptions, AuditListResponse } from '@wallet/contract/http/console-audit';
import { rowsOf } from '../../platform/db/rows';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { csvCell } from './audit-csv';

/**
 * The audit screen (issue 27, section 6; decision 048): filters, keyset paging on seq, CSV with
 * cells that cannot run as formulas, audit.read checked and every read audited.
 */

let t: TestApp;
/** The app's clock: staff sign in and call at START; rows are written at the times a test gives. */
const START = new Date('2026-05-01T08:00:00Z');
let now = START;
let finance: { token: string; staffId: number };
let support: { token: string; staffId: number };
const client = { ip: '10.1.2.3', userAgent: 'test agent' };
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  finance = await createStaffAndSignIn(t, { role: 'finance', now: () => now });
  support = await createStaffAndSignIn(t, { role: 'support', now: () => now });
});
afterAll(() => t.close());

/** Writes a row as a staff action would, at `at` (the clock goes back after, so sessions stay). */
async function write(at: string, staffId: number | null, action: string, target: string | null, detail = {}) {
  now = new Date(at);
  try {
    await t.services.staff.audit.write(staffId, action, target, detail, client);
  } finally {
    now = START;
  }
}

const list = async (query: string, token = finance.token) => {
  const response = await staffCall(t.app, token, 'GET', `/api/console/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditListResponse>();
};
const actionsOf = (page: AuditListResponse) => page.rows.map((row) => row.action);

describe('audit screen', () => {
  it('filters by staff member, action, member and time, newest first', async () => {
    await write('2026-05-02T10:00:00Z', support.staffId, 'test.filter', 'member:7', { n: 1 });
    await write('2026-05-02T11:00:00Z', finance.staffId, 'test.filter', 'member:8', { n: 2 });
    await write('2026-05-02T12:00:00Z', support.staffId, 'test.other', 'member:7', { n: 3 });
    await write('2026-05-02T13:00:00Z', support.staffId, 'test.filter', 'member:77', { n: 4 });

    const byAction = await list('?action=test.filter');
    expect(byAction.rows.map((row) => row.detail)).toEqual(['{"n":4}', '{"n":2}', '{"n":1}']);
    expect(byAction.rows[0]).toMatchObject({
      staffId: support.staffId,
      staffUsername: expect.stringMatching(/^staff-/) as string,
      action: 'test.filter',
      target: 'member:77',
      ip: '10.1.2.3',
      userAgent: 'test agent',
      at: '2026-05-02T13:00:00.000Z',
    });
    // member:7 is not member:77.
    expect((await list('?memberId=7')).rows.map((row) => row.detail)).toEqual(['{"n":3}', '{"n":1}']);
    expect(actionsOf(await list(`?staffId=${finance.staffId}&action=test.filter`))).toEqual(['test.filter']);
    const window = await list(
      `?action=test.filter&from=${encodeURIComponent('2026-05-02T11:00:00Z')}&to=${encodeURIComponent('2026-05-02T13:00:00Z')}`,
    );
    expect(window.rows.map((row) => row.detail)).toEqual(['{"n":2}']);
  });

  it('pages 50 at a time by seq, a new row never shifting a page', async () => {
    for (let i = 1; i <= 120; i += 1)
      await write('2026-05-03T10:00:00Z', finance.staffId, 'test.paging', null, { i });
    const first = await list('?action=test.paging');
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.detail).toBe('{"i":120}');
    await write('2026-05-03T11:00:00Z', finance.staffId, 'test.paging', null, { i: 121 });
    const second = await list(`?action=test.paging&cursor=${first.nextCursor}`);
    expect(second.rows.map((row) => row.detail)[0]).toBe('{"i":70}');
    const third = await list(`?action=test.paging&cursor=${second.nextCursor}`);
    expect(third.rows).toHaveLength(20);
    expect(third.rows.at(-1)!.detail).toBe('{"i":1}');
    expect(third.nextCursor).toBeNull();
    const seqs = [...first.rows, ...second.rows, ...third.rows].map((row) => row.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });

  it('offers every action the audit holds and every staff member as filters', async () => {
    await write('2026-05-04T10:00:00Z', null, 'test.options', null);
    const response = await staffCall(t.app, finance.token, 'GET', '/api/console/audit/filters');
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json<AuditFilterOptions>();
    expect(options.actions).toEqual(expect.arrayContaining(['login.password_ok', 'test.options']));
    expect(options.actions).toEqual([...new Set(options.actions)].sort());
    expect(options.staff.map((one) => one.id)).toEqual(
      expect.arrayContaining([finance.staffId, support.staffId]),
    );
  });

  it('exports CSV whose cells cannot run as formulas, and audits the export', async () => {
    await write('2026-05-05T10:00:00Z', support.staffId, 'test.csv', '=HYPERLINK("http://x")', {
      note: '+1 "quoted", and\nnew line',
    });
    await write('2026-05-05T11:00:00Z', support.staffId, 'test.csv', '@SUM(A1)', {});
    const response = await staffCall(t.app, finance.token, 'GET', '/api/console/audit.csv?action=test.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="staff-audit-/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"seq","time","staff","action","target","detail","ip","user_agent"');
    expect(lines[1]).toContain(`"2026-05-05T11:00:00.000Z","${'staff-'}`);
    expect(lines[1]).toContain(`"test.csv","'@SUM(A1)","{}","10.1.2.3","test agent"`);
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(response.body).toContain(`"{""note"":""+1 \\""quoted\\"", and\\nnew line""}"`);
    expect(lines).toHaveLength(4);

    const exports = await rowsOf<{ staff_id: number; detail: unknown }>(
      t.database.db,
      sql`select staff_id, detail from staff_audit where action = 'audit.export'`,
    );
    expect(exports).toEqual([{ staff_id: finance.staffId, detail: { action: 'test.csv' } }]);
  });

  it('writes each page read to the audit', async () => {
    await list('?action=test.nothing&memberId=5');
    const rows = await rowsOf<{ detail: unknown }>(
      t.database.db,
      sql`select detail from staff_audit where action = 'audit.read' and detail->>'action' = 'test.nothing'`,
    );
    expect(rows).toEqual([{ detail: { action: 'test.nothing', memberId: 5, cursor: null } }]);
  });

  it('refuses staff without audit.read, and bad filters', async () => {
    for (const url of ['/api/console/audit', '/api/console/audit.csv', '/api/console/audit/filters']) {
      const response = await staffCall(t.app, support.token, 'GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: 'STAFF_FORBIDDEN' });
    }
    for (const query of ['?staffId=x', '?memberId=-1', '?from=yesterday', '?cursor=0']) {
      const response = await staffCall(t.app, finance.token, 'GET', `/api/console/audit${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('csvCell', () => {
  it('quotes every cell and puts an apostrophe before what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`)).toBe(`"'${lead}1"`);
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell('1-2')).toBe('"1-2"');
  });
});
