import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DepositAccountsResponse, SiteSettings } from '@wallet/contract/http/console-settings';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import { rowsOf } from '../../platform/db/rows';
import { sanitizeHtml } from '../../platform/sanitize-html';
import { appForFile, getAs, MONEY_ENV, signedInMember } from '../../../test/money';
import { createStaffAndSignIn, staffCall, type SignedInStaff } from '../../../test/staff';

const test = appForFile(MONEY_ENV);
const staff = {} as Record<'owner' | 'marketing', SignedInStaff>;
beforeAll(async () => {
  staff.owner = await createStaffAndSignIn(test, { role: 'owner' });
  staff.marketing = await createStaffAndSignIn(test, { role: 'marketing' });
});

const settings = async () =>
  (await staffCall(test.app, staff.owner.token, 'GET', '/api/console/settings/site')).json<SiteSettings>();
const put = (key: string, value: unknown, who = staff.owner) =>
  staffCall(test.app, who.token, 'PUT', `/api/console/settings/site/${key}`, { value });
/** A member's lookup, as the member app asks it (its fields read by each test). */
interface LookupBody {
  conditions: string[];
  agreements: string[];
  version: string;
  terminated: boolean;
  contact: { lineLink: string; lineQR: string };
  message: string;
}
const lookup = async (name: string, locale = 'en'): Promise<Partial<LookupBody>> =>
  (
    await test.app.inject({
      url: `/api/lookup/${name}`,
      headers: { 'accept-language': locale, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    })
  ).json<Partial<LookupBody>>();

describe('site settings in the console (decision 059)', () => {
  it('changes the conditions members read, cleaned, with the audit’s before and after', async () => {
    const before = await settings();
    const conditions = {
      ...before.conditions,
      en: [
        '<p>Deposit <strong>100</strong> to play</p><script>alert(1)</script>',
        '<p onclick="x()">Two</p>',
      ],
    };
    const changed = await put('conditions', conditions);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await lookup('conditions')).toEqual({
      conditions: ['<p>Deposit <strong>100</strong> to play</p>', '<p>Two</p>'],
    });
    // Another language is kept as it was, in the cleaner's own spelling (`<br />`).
    expect((await lookup('conditions', 'th')).conditions).toEqual(before.conditions.th.map(sanitizeHtml));

    const [row] = await rowsOf<{
      staff_id: number;
      detail: { before: SiteSettings['conditions']; after: SiteSettings['conditions'] };
    }>(
      test.database.db,
      sql`select staff_id, detail from staff_audit where action = 'settings.site' and target = 'setting:conditions'`,
    );
    expect(row!.staff_id).toBe(staff.owner.staffId);
    expect(row!.detail.before.en).toEqual(before.conditions.en);
    expect(row!.detail.after.en).toEqual(['<p>Deposit <strong>100</strong> to play</p>', '<p>Two</p>']);
  });

  it('refuses a value its schema refuses, and changes nothing', async () => {
    const before = await settings();
    const refused = await put('withdraw', { withdrawMin: 500_000, withdrawMax: 10_000 });
    expect(refused.statusCode).toBe(400);
    // Per currency (decision 067): each currency's order is checked, and neither may be missing.
    const kipOutOfOrder = { ...before.withdraw, LAK: { withdrawMin: 500_000, withdrawMax: 10_000 } };
    expect((await put('withdraw', kipOutOfOrder)).statusCode).toBe(400);
    expect((await put('withdraw', { BAHT: before.withdraw.BAHT })).statusCode).toBe(400);
    expect((await put('slip', { ...before.slip, maxAgeMinutes: -1 })).statusCode).toBe(400);
    expect((await put('registerOTP', { enabled: 'yes' })).statusCode).toBe(400);
    expect(await settings()).toEqual(before);
  });

  it('gives the agreement a new version when its text changes, which members accept again', async () => {
    const { version } = await lookup('agreements');
    const before = await settings();
    expect((await put('agreements', before.agreements)).statusCode).toBe(200);
    expect((await lookup('agreements')).version).toBe(version);
    const next = { ...before.agreements, th: [...before.agreements.th, '<p>ข้อ 9</p>'] };
    expect((await put('agreements', next)).statusCode).toBe(200);
    const after = await lookup('agreements', 'th');
    expect(after.version).not.toBe(version);
    expect(after.agreements?.at(-1)).toBe('<p>ข้อ 9</p>');
  });

  it('switches the service off and on for members at once, and draws the contact QR from its link', async () => {
    expect((await put('active', { terminated: true })).statusCode).toBe(200);
    expect(await lookup('active')).toEqual({ terminated: true });
    // Members are shut out; staff still run the console, and switch the site on from it.
    expect((await lookup('conditions')).message).toBe('gone');
    expect(
      (await staffCall(test.app, staff.owner.token, 'GET', '/api/console/settings/site')).statusCode,
    ).toBe(200);
    expect((await put('active', { terminated: false })).statusCode).toBe(200);
    expect(await lookup('active')).toEqual({ terminated: false });

    const { contact } = await settings();
    const drawn = await put('contact', {
      ...contact,
      lineLink: 'https://line.me/R/ti/p/@another',
      lineQR: null,
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const answered = (await lookup('contact')).contact!;
    expect(answered.lineLink).toBe('https://line.me/R/ti/p/@another');
    expect(answered.lineQR).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(answered.lineQR).not.toBe(contact.lineQR);
  });

  it('keeps the operator’s receiving accounts: added, hidden, refused twice, audited', async () => {
    const accounts = async () =>
      (
        await staffCall(test.app, staff.owner.token, 'GET', '/api/console/settings/deposit-accounts')
      ).json<DepositAccountsResponse>();
    const shown = async () =>
      ((await lookup('deposit')) as unknown as { banks: { bankAccountNo: string }[] }).banks.map(
        (bank) => bank.bankAccountNo,
      );
    const account = {
      bankCode: 'KBANK',
      mode: 'AUTO',
      accountName: 'LUCKY WALLET CO LTD',
      accountNames: { th: 'บจก. ลัคกี้ วอลเล็ต' },
      accountNo: '7770001234',
      currency: 'BAHT',
      sortOrder: 5,
      active: true,
    };
    const added = await staffCall(
      test.app,
      staff.owner.token,
      'POST',
      '/api/console/settings/deposit-accounts/banks',
      account,
    );
    expect(added.statusCode, added.body).toBe(200);
    const { id } = added.json<{ id: number }>();
    expect(await shown()).toContain('7770001234');
    const twice = await staffCall(
      test.app,
      staff.owner.token,
      'POST',
      '/api/console/settings/deposit-accounts/banks',
      account,
    );
    expect(twice.json()).toEqual({ message: 'DEPOSIT_ACCOUNT_EXISTS' });
    const nowhere = await staffCall(
      test.app,
      staff.owner.token,
      'POST',
      '/api/console/settings/deposit-accounts/banks',
      {
        ...account,
        bankCode: 'NOPE',
        accountNo: '7770009999',
      },
    );
    expect(nowhere.statusCode).toBe(400);

    const hidden = await staffCall(
      test.app,
      staff.owner.token,
      'PUT',
      `/api/console/settings/deposit-accounts/banks/${id}`,
      {
        mode: 'SMS',
        accountName: account.accountName,
        accountNames: account.accountNames,
        sortOrder: 5,
        active: false,
      },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await shown()).not.toContain('7770001234');
    expect((await accounts()).banks.find((bank) => bank.id === id)).toMatchObject({
      mode: 'SMS',
      active: false,
    });
    const audit = await rowsOf<{
      detail: { before: { active: boolean } | null; after: { active: boolean } };
    }>(
      test.database.db,
      sql`select detail from staff_audit where target = ${`deposit-bank:${id}`} order by seq`,
    );
    expect(audit.map((row) => [row.detail.before?.active ?? null, row.detail.after.active])).toEqual([
      [null, true],
      [true, false],
    ]);
  });

  it('sets each QR channel’s minimum in the one currency it takes, which members meet at once', async () => {
    // A row as migration 0042 left it: every channel with a figure in both currencies.
    const stored = {
      ...Object.fromEntries(
        ['KBANK', 'WW', 'PAYONEX', 'PAYTIMZ', 'FP'].map((p) => [p, { BAHT: 100, LAK: 100_000 }]),
      ),
      LAOQR: { BAHT: 100, LAK: 1_000_000 },
    };
    await test.database.db.execute(
      sql`update site_settings set value = ${JSON.stringify(stored)}::jsonb where key = 'qrMinimums'`,
    );
    // Read without the figures of a currency the channel does not take (decision 078).
    const { qrMinimums } = await settings();
    expect(qrMinimums).toMatchObject({ KBANK: { BAHT: 100 }, LAOQR: { LAK: 1_000_000 } });
    expect(Object.values(qrMinimums).map((one) => Object.keys(one))).toEqual([
      ['BAHT'],
      ['BAHT'],
      ['BAHT'],
      ['BAHT'],
      ['BAHT'],
      ['LAK'],
    ]);
    expect((await put('qrMinimums', { ...qrMinimums, PAYONEX: { BAHT: 50_000 } })).statusCode).toBe(200);
    const member = await signedInMember(test.app);
    const channels = (await getAs(test.app, member.token, '/api/qrcode')).json<{
      channels: { provider: string; minDeposit: number }[];
    }>();
    expect(channels.channels.find((channel) => channel.provider === 'PAYONEX')?.minDeposit).toBe(50_000);
    // Saved as read: the stored row keeps no kip figure for a baht channel.
    const [row] = await rowsOf<{ payonex: unknown; laoqr: unknown }>(
      test.database.db,
      sql`select value -> 'PAYONEX' as payonex, value -> 'LAOQR' as laoqr from site_settings where key = 'qrMinimums'`,
    );
    expect(row).toEqual({ payonex: { BAHT: 50_000 }, laoqr: { LAK: 1_000_000 } });
    for (const bad of [{ BAHT: 0 }, { LAK: 5_000_000 }])
      expect((await put('qrMinimums', { ...qrMinimums, PAYONEX: bad })).statusCode).toBe(400);
    expect((await put('qrMinimums', qrMinimums)).statusCode).toBe(200);
  });

  it('is for settings.manage alone', async () => {
    expect(
      (await staffCall(test.app, staff.marketing.token, 'GET', '/api/console/settings/site')).statusCode,
    ).toBe(403);
    expect((await put('notice', null, staff.marketing)).statusCode).toBe(403);
  });
});
