import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponse } from '@wallet/contract/http/account';
import { LOOKUPS, type LookupAnswer, type LookupName } from '@wallet/contract/http/lookup';
import { bearer, login, registerMember } from '../../../test/members';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { createLookupsRepository } from './lookups.repository';
import { banks as banksTable, depositBankAccounts } from './lookups.tables';
import { referenceData } from './reference-data';

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

describe('lookups (Thai market)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/lookup/${name}`, headers: memberHeaders(headers) });

  it.each(Object.keys(LOOKUPS) as LookupName[])(
    'GET /api/lookup/%s answers its contract shape',
    async (name) => {
      const response = await get(name);
      expect(response.statusCode).toBe(200);
      expect(() => LOOKUPS[name].parse(response.json())).not.toThrow();
    },
  );

  it(
    'lists the Thai banks with Thai and English names, English-only names for KTB, TMB and BBL',
    { tags: ['embedded'] },
    async () => {
      const { banks } = LOOKUPS.banks.parse((await get('banks')).json());
      const codes = banks.map((bank) => bank.code);
      for (const code of [
        'SCB',
        'KBANK',
        'GSB',
        'KTB',
        'TMB',
        'BBL',
        'BAY',
        'KKP',
        'CIMBT',
        'UOBT',
        'LHBANK',
        'GHB',
        'BAAC',
      ]) {
        expect(codes).toContain(code);
      }
      expect(codes).not.toContain('BCEL');
      expect(
        banks
          .filter((bank) => bank.englishNameOnly)
          .map((bank) => bank.code)
          .sort(),
      ).toEqual(['BBL', 'KTB', 'TMB']);
      for (const bank of banks) {
        expect(bank.nameTH).toMatch(THAI);
        expect(bank.nameEN).toMatch(/^[A-Za-z]/);
      }
    },
  );

  it('answers member texts in the language asked for, Thai by default', async () => {
    const thai = LOOKUPS.conditions.parse((await get('conditions')).json());
    const lao = LOOKUPS.conditions.parse(
      (await get('conditions', { 'accept-language': 'lo-LA,lo;q=0.9' })).json(),
    );
    const english = LOOKUPS.conditions.parse(
      (await get('conditions', { 'accept-language': 'en-US' })).json(),
    );
    expect(thai.conditions.length).toBeGreaterThan(0);
    expect(thai.conditions.join('')).toMatch(THAI);
    expect(lao.conditions.join('')).toMatch(LAO);
    expect(english.conditions.join('')).not.toMatch(THAI);
    const sources = LOOKUPS.sources.parse((await get('sources', { 'accept-language': 'la' })).json());
    // Brand names (Facebook, LINE, ...) stay in Latin script; the rest is in Lao.
    expect(sources.sources.filter((source) => LAO.test(source.description)).length).toBeGreaterThanOrEqual(3);
  });

  it('draws the contact QR code from the chat link', async () => {
    const { contact } = LOOKUPS.contact.parse((await get('contact')).json());
    expect(contact.lineQR).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(contact.lineQR!.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');
  });

  it('offers only baht receiving accounts, the OTP and chat flags and the withdraw limits from the database', async () => {
    const deposit = LOOKUPS.deposit.parse((await get('deposit')).json());
    expect(deposit.banks.length).toBeGreaterThan(0);
    expect(deposit.banks.every((bank) => bank.currency === 'BAHT')).toBe(true);
    expect(LOOKUPS.registerOTP.parse((await get('registerOTP')).json())).toEqual({ registerOTP: true });
    const withdraw = LOOKUPS.withdraw.parse((await get('withdraw')).json());
    // Each currency's own figures (decision 067): kip limits are kip-sized, not baht numbers.
    expect(withdraw.BAHT).toEqual({ withdrawMin: 10_000, withdrawMax: 5_000_000 });
    expect(withdraw.LAK).toEqual({ withdrawMin: 5_000_000, withdrawMax: 3_000_000_000 });
    expect(LOOKUPS.market.parse((await get('market')).json())).toEqual({
      market: 'TH',
      currencies: ['BAHT'],
    });
  });

  it('seeds idempotently and keeps what the operator changed', async () => {
    const repository = createLookupsRepository(t.database.db);
    await repository.putSetting('info', { name: 'Operator Edit', website: 'https://edited.example' });
    await repository.seed(referenceData);
    await repository.seed(referenceData);
    expect(LOOKUPS.info.parse((await get('info')).json()).info.name).toBe('Operator Edit');
    const banks = LOOKUPS.banks.parse((await get('banks')).json()).banks;
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
  });

  it('refuses a malformed setting instead of showing it', async () => {
    const repository = createLookupsRepository(t.database.db);
    await expect(
      repository.putSetting('withdraw', { withdrawMin: 500, withdrawMax: 100 } as never),
    ).rejects.toThrow();
  });
});

describe('lookups (Lao market)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET: 'LA' });
  });
  afterAll(() => t.close());

  it('lists Lao banks first, then Thai ones, and kip and baht accounts, with Lao texts by default', async () => {
    const headers = memberHeaders();
    const banks = LOOKUPS.banks.parse(
      (await t.app.inject({ url: '/api/lookup/banks', headers })).json(),
    ).banks;
    expect(banks[0]?.market).toBe('LA');
    expect(banks.map((bank) => bank.code)).toEqual(expect.arrayContaining(['BCEL', 'LDB', 'APB', 'SCB']));
    const market = LOOKUPS.market.parse((await t.app.inject({ url: '/api/lookup/market', headers })).json());
    expect(market.currencies).toEqual(['LAK', 'BAHT']);
    const deposit = LOOKUPS.deposit.parse(
      (await t.app.inject({ url: '/api/lookup/deposit', headers })).json(),
    );
    expect(deposit.banks.some((bank) => bank.currency === 'LAK')).toBe(true);
    const sources = LOOKUPS.sources.parse(
      (await t.app.inject({ url: '/api/lookup/sources', headers })).json(),
    );
    expect(sources.sources.filter((source) => LAO.test(source.description)).length).toBeGreaterThanOrEqual(3);
  });
});

describe('lookups in Lao mode: names in the language asked for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET: 'LA' });
  });
  afterAll(() => t.close());

  const lookup = async <N extends LookupName>(name: N, language?: string): Promise<LookupAnswer<N>> =>
    LOOKUPS[name].parse(
      (
        await t.app.inject({
          url: `/api/lookup/${name}`,
          headers: memberHeaders(language ? { 'accept-language': language } : {}),
        })
      ).json(),
    ) as LookupAnswer<N>;

  it("names every bank and the operator's accounts in Lao, Lao banks and the kip account first", async () => {
    const { banks } = await lookup('banks');
    for (const bank of banks) expect(bank.name, bank.code).toMatch(LAO);
    expect(banks.find((bank) => bank.code === 'BCEL')?.name).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ');
    expect(banks.find((bank) => bank.code === 'SCB')?.name).toBe('ທະນາຄານໄທພານິດ');
    const deposit = await lookup('deposit', 'lo');
    expect(deposit.banks[0]).toMatchObject({ bankCode: 'BCEL', currency: 'LAK' });
    for (const account of deposit.banks) {
      expect(account.bank.name).toMatch(LAO);
      expect(account.bankAccountName).toBe('ບໍລິສັດ ລັກກີ້ ວໍເລັດ ຈຳກັດ');
    }
  });

  it('answers Thai and English names to Thai and English readers', async () => {
    const thai = await lookup('deposit', 'th');
    expect(thai.banks.find((bank) => bank.bankCode === 'SCB')).toMatchObject({
      bank: { name: 'ธนาคารไทยพาณิชย์', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
      bankAccountName: 'บจก. ลักกี้ วอลเล็ต',
    });
    const english = await lookup('deposit', 'en-GB');
    expect(english.banks.find((bank) => bank.bankCode === 'SCB')).toMatchObject({
      bank: { name: 'Siam Commercial Bank' },
      bankAccountName: 'LUCKY WALLET CO., LTD.',
    });
    const { banks } = await lookup('banks', 'en');
    for (const bank of banks) expect(bank.name).toBe(bank.nameEN);
  });

  it('falls back on the Thai name, then the one the bank holds, where a Lao name is missing', async () => {
    const { db } = t.database;
    await db.update(banksTable).set({ nameLo: null }).where(eq(banksTable.code, 'KBANK'));
    await db
      .update(depositBankAccounts)
      .set({ accountNames: { en: 'LUCKY WALLET CO., LTD.' } })
      .where(eq(depositBankAccounts.bankCode, 'KBANK'));
    await db
      .update(depositBankAccounts)
      .set({ accountNames: {} })
      .where(eq(depositBankAccounts.bankCode, 'GSB'));
    try {
      const deposit = await lookup('deposit', 'lo');
      const kbank = deposit.banks.find((bank) => bank.bankCode === 'KBANK')!;
      expect(kbank.bank.name).toBe('ธนาคารกสิกรไทย');
      // No Lao or Thai account name: the English one.
      expect(kbank.bankAccountName).toBe('LUCKY WALLET CO., LTD.');
      // No name in any language: as the bank holds it.
      expect(deposit.banks.find((bank) => bank.bankCode === 'GSB')!.bankAccountName).toBe('บจก. ลักกี้ วอลเล็ต');
      // The seed fills in missing names and leaves the operator's alone.
      await db
        .update(depositBankAccounts)
        .set({ accountNames: { lo: 'ຊື່ທີ່ພະນັກງານແກ້' } })
        .where(eq(depositBankAccounts.bankCode, 'KBANK'));
      await createLookupsRepository(db).seed(referenceData);
      const seeded = await lookup('deposit', 'lo');
      expect(seeded.banks.find((bank) => bank.bankCode === 'KBANK')).toMatchObject({
        bank: { name: 'ທະນາຄານກະສິກອນໄທ' },
        bankAccountName: 'ຊື່ທີ່ພະນັກງານແກ້',
      });
      expect(seeded.banks.find((bank) => bank.bankCode === 'GSB')!.bankAccountName).toBe(
        'ບໍລິສັດ ລັກກີ້ ວໍເລັດ ຈຳກັດ',
      );
    } finally {
      // The seeded names back, for the other tests.
      await db
        .update(depositBankAccounts)
        .set({ accountNames: {} })
        .where(eq(depositBankAccounts.bankCode, 'KBANK'));
      await createLookupsRepository(db).seed(referenceData);
    }
  });

  it("names the member's own bank on the profile in the language asked for", async () => {
    const member = await registerMember(t.app, {
      username: `020${String(randomInt(0, 1e8)).padStart(8, '0')}`,
      bankCode: 'BCEL',
      // BCEL numbers have 13 or 18 digits (decision 035).
      bankAccountNo: `101${String(randomInt(0, 1e10)).padStart(10, '0')}`,
      currency: 'LAK',
    });
    const token = await login(t.app, member.username, member.password);
    const profile = async (language: string) =>
      ProfileResponse.parse(
        (
          await t.app.inject({
            url: '/api/account/profile',
            headers: memberHeaders({ ...bearer(token), 'accept-language': language }),
          })
        ).json(),
      ).bankAccount.bank;
    expect((await profile('lo')).name).toBe('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ');
    expect((await profile('en')).name).toBe('Banque pour le Commerce Extérieur Lao');
    expect((await profile('th')).name).toBe('ธนาคารการค้าต่างประเทศลาว');
  });
});
