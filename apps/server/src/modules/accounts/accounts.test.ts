import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import {
  bearer,
  login,
  post,
  randomAccountNo,
  randomPhone,
  registerMember,
  registration,
  verifyPhone,
} from '../../../test/members';
import { hashToken } from '../../platform/crypto';
import { createAccountsRepository } from './accounts.repository';
import { hashPassword } from './password';

type Reply = { statusCode: number; json: () => unknown };
const codeOf = (response: Reply) => (response.json() as { message?: string }).message;
const failure = (response: Reply) => [response.statusCode, codeOf(response)];

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(
    'registers a verified phone with its bank account, names upper-cased',
    { tags: ['embedded'] },
    async () => {
      const member = await registerMember(t.app, { bankAccountName: '  somchai   jaidee ' });
      expect(member.id).toMatch(/^\d{6,}$/);
      const token = await login(t.app, member.username, member.password);
      const profile = (
        await t.app.inject({ url: '/api/account/profile', headers: memberHeaders(bearer(token)) })
      ).json<{
        profile: { username: string; name: string; _id: string };
        bankAccount: { bankAccountName: string; bank: { nameTH: string } };
      }>();
      expect(profile.profile).toMatchObject({ username: member.username, name: 'Somchai', _id: member.id });
      expect(profile.bankAccount.bankAccountName).toBe('SOMCHAI JAIDEE');
      expect(profile.bankAccount.bank.nameTH).toMatch(/ไทยพาณิชย์/);
    },
  );

  it('lets only the holder of the verified code register the phone, once', async () => {
    const phone = randomPhone();
    const victimToken = await verifyPhone(t.app, phone);
    // Someone else learns the phone is verified and tries to take it, with or without a token.
    const stranger = await post(t.app, '/api/otp/send', { phoneNumber: phone });
    expect(stranger.json()).not.toEqual({ code: 'OTP_VERIFIED' });
    for (const otpToken of [undefined, 'A'.repeat(43), 'short']) {
      const taken = await post(t.app, '/api/account', registration({ username: phone, otpToken }));
      expect(failure(taken), String(otpToken)).toEqual([400, 'UNVERIFIED_OTP']);
    }
    // The visitor who verified comes back: OTP_VERIFIED for them, and they register.
    const back = await post(t.app, '/api/otp/send', { phoneNumber: phone, otpToken: victimToken });
    expect(back.json()).toEqual({ code: 'OTP_VERIFIED' });
    expect(
      (await post(t.app, '/api/account', registration({ username: phone, otpToken: victimToken })))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an unverified phone while OTP is on', async () => {
    const payload = registration();
    expect(failure(await post(t.app, '/api/account/validate', payload))).toEqual([400, 'UNVERIFIED_OTP']);
    expect(failure(await post(t.app, '/api/account', payload))).toEqual([400, 'UNVERIFIED_OTP']);
  });

  it('checks every rule of the payload before anything is stored', async () => {
    const phone = randomPhone();
    const otpToken = await verifyPhone(t.app, phone);
    const cases: [Record<string, string>, string][] = [
      [{ username: '0812' }, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      [{ name: '' }, 'FIELD_REQUIRED'],
      [{ password: '123' }, 'PASSWORD_LENGTH'],
      [{ password: 'Password1' }, 'PASSWORD_TOO_COMMON'],
      [{ sourceCode: '' }, 'FIELD_REQUIRED'],
      [{ sourceCode: 'NEWSPAPER' }, 'SOURCE_INVALID'],
      [{ inviteCode: 'FRIEND' }, 'INVITE_CODE_INVALID'],
      [{ inviteCode: 'PR999999999' }, 'INVITE_CODE_INVALID'],
      [{ bankCode: 'NOPE' }, 'INVALID_BANK'],
      [{ bankCode: 'BCEL' }, 'INVALID_BANK'],
      [{ bankAccountNo: '12345' }, 'BANK_ACCOUNT_NO_INVALID'],
      [{ bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' }, 'BANK_ACCOUNT_NAME_ENG'],
      // Thai and English letters in one name (issue 16): refused by the same rule as the form.
      [{ bankCode: 'KTB', bankAccountName: 'SOMCHAI ใจดี' }, 'BANK_ACCOUNT_NAME_ENG'],
      [{ bankCode: 'SCB', bankAccountName: 'SOMCHAI ใจดี' }, 'BANK_ACCOUNT_NAME_MIXED'],
      [{ bankAccountName: 'SOMCHAI 123' }, 'BANK_ACCOUNT_NAME_INVALID'],
      [{ currency: 'LAK' }, 'CURRENCY_INVALID'],
    ];
    for (const [change, code] of cases) {
      const response = await post(
        t.app,
        '/api/account',
        registration({ username: phone, otpToken, ...change }),
      );
      expect(failure(response), JSON.stringify(change)).toEqual([400, code]);
    }
    // Nothing was stored: the phone can still register.
    expect((await post(t.app, '/api/account', registration({ username: phone, otpToken }))).statusCode).toBe(
      200,
    );
  });

  it('validates the profile step before the bank step, bank fields optional', async () => {
    const phone = randomPhone();
    const otpToken = await verifyPhone(t.app, phone);
    const { name, username, password, sourceCode, inviteCode } = registration({ username: phone });
    const profileOnly = { name, username, password, sourceCode, inviteCode, otpToken };
    expect((await post(t.app, '/api/account/validate', profileOnly)).json()).toEqual({ ok: true });
    const member = await registerMember(t.app);
    expect(
      failure(await post(t.app, '/api/account/validate', { ...profileOnly, username: member.username })),
    ).toEqual([409, 'EXISTING_USER']);
    const taken = { ...profileOnly, bankCode: member.bankCode, bankAccountNo: member.bankAccountNo };
    expect(failure(await post(t.app, '/api/account/validate', taken))).toEqual([409, 'EXISTING_BANK']);
  });

  it('refuses a phone or a bank account that is registered already', async () => {
    const member = await registerMember(t.app);
    expect(failure(await post(t.app, '/api/account', registration({ username: member.username })))).toEqual([
      409,
      'EXISTING_USER',
    ]);
    const phone = randomPhone();
    const otpToken = await verifyPhone(t.app, phone);
    const sameBank = registration({
      username: phone,
      otpToken,
      bankCode: member.bankCode,
      bankAccountNo: member.bankAccountNo,
    });
    expect(failure(await post(t.app, '/api/account', sameBank))).toEqual([409, 'EXISTING_BANK']);
  });

  it('lets exactly one of two racing registrations of one bank account through', async () => {
    const phones = [randomPhone(), randomPhone(), randomPhone(), randomPhone()];
    const tokens = new Map<string, string>();
    for (const phone of phones) tokens.set(phone, await verifyPhone(t.app, phone));
    const accountNo = randomAccountNo();
    const answers = await Promise.all(
      phones.map((phone) =>
        post(
          t.app,
          '/api/account',
          registration({ username: phone, bankAccountNo: accountNo, otpToken: tokens.get(phone)! }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => codeOf(a) === 'EXISTING_BANK')).toBe(
      true,
    );
  });

  it('records the inviter of an invite code PR<id>', async () => {
    const inviter = await registerMember(t.app);
    const invited = await registerMember(t.app, { inviteCode: `pr${inviter.id}` });
    const row = await createAccountsRepository(t.database.db).memberById(Number(invited.id));
    expect(row?.inviterId).toBe(Number(inviter.id));
  });

  it("tells whether a link's inviter code names a member, changing nothing (issue 31)", async () => {
    const inviter = await registerMember(t.app);
    const check = async (inviteCode: string) =>
      (await post(t.app, '/api/account/invite-code', { inviteCode })).json<unknown>();
    expect(await check(`pr${inviter.id}`)).toEqual({ exists: true });
    expect(await check('PRBAD99')).toEqual({ exists: false });
    expect(await check(`PR${Number(inviter.id) + 100000}`)).toEqual({ exists: false });
    expect(failure(await post(t.app, '/api/account/invite-code', { inviteCode: ' ' }))).toEqual([
      400,
      'FIELD_REQUIRED',
    ]);
  });

  it('records the bank account at registration in the audit trail, with the address', async () => {
    const member = await registerMember(t.app);
    const changes = await createAccountsRepository(t.database.db).bankChangesOf(Number(member.id));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ field: 'bankAccount', oldValue: null, clientAddress: '127.0.0.1' });
  });
});

describe('registration without OTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await post(t.app, '/api/sandbox/settings/register-otp', { enabled: false });
  });
  afterAll(() => t.close());

  it('registers a phone that never received a code', async () => {
    expect((await post(t.app, '/api/account', registration())).statusCode).toBe(200);
  });
});

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profileWith = (token: string) =>
    t.app.inject({ url: '/api/account/profile', headers: memberHeaders(bearer(token)) });

  it('gives one answer for an unknown phone and a wrong password', async () => {
    const member = await registerMember(t.app);
    const unknown = await post(t.app, '/api/login', { username: randomPhone(), password: member.password });
    const wrongPassword = await post(t.app, '/api/login', { username: member.username, password: 'not-it' });
    expect(failure(unknown)).toEqual([401, 'WRONG_CREDENTIAL']);
    expect(unknown.body).toBe(wrongPassword.body);
  });

  it('counts 40 parallel guesses at one phone: at most 5 are checked', async () => {
    const member = await registerMember(t.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(t.app, '/api/login', { username: member.username, password: 'guess' }),
      ),
    );
    const checked = answers.filter((answer) => codeOf(answer) === 'WRONG_CREDENTIAL').length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => codeOf(answer) === 'REQUEST_LIMIT').length).toBe(40 - checked);
  });

  it('reads the phone as typed, spaces and dashes aside', async () => {
    const member = await registerMember(t.app);
    const typed = `${member.username.slice(0, 3)}-${member.username.slice(3, 6)} ${member.username.slice(6)}`;
    expect((await post(t.app, '/api/login', { username: typed, password: member.password })).statusCode).toBe(
      200,
    );
  });

  it('refuses an address after 5 failures for a phone, even with the right password; only that address', async () => {
    const member = await registerMember(t.app);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(codeOf(await post(t.app, '/api/login', { username: member.username, password: 'x' })));
    expect(answers).toEqual([...Array<string>(5).fill('WRONG_CREDENTIAL'), 'REQUEST_LIMIT']);
    const right = await post(t.app, '/api/login', { username: member.username, password: member.password });
    expect(failure(right)).toEqual([429, 'REQUEST_LIMIT']);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: member.password },
      headers: memberHeaders(),
      remoteAddress: '10.1.2.4',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses a deactivated member', async () => {
    const member = await registerMember(t.app);
    const token = await login(t.app, member.username, member.password);
    // Used first, so this process holds the session (decision 031): the lock still ends it at once.
    expect((await profileWith(token)).statusCode).toBe(200);
    await t.services.accounts.setStatus(Number(member.id), 'inactive');
    expect(
      failure(await post(t.app, '/api/login', { username: member.username, password: member.password })),
    ).toEqual([403, 'INACTIVE_USER']);
    expect(failure(await profileWith(token))).toEqual([401, 'invalid-token']);
  });

  it('refuses a revoked token on the very next request', async () => {
    const member = await registerMember(t.app);
    const token = await login(t.app, member.username, member.password);
    expect((await profileWith(token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/logout', {}, bearer(token))).json()).toEqual({ ok: true });
    expect(failure(await profileWith(token))).toEqual([401, 'invalid-token']);
  });

  it('answers UNAUTHORIZED without a token and invalid-token for a made-up one', async () => {
    expect(failure(await t.app.inject({ url: '/api/account/profile', headers: memberHeaders() }))).toEqual([
      401,
      'UNAUTHORIZED',
    ]);
    expect(failure(await profileWith('A'.repeat(43)))).toEqual([401, 'invalid-token']);
    expect(failure(await profileWith('not a token'))).toEqual([401, 'invalid-token']);
  });
});

describe('sign-in throttling per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_BUSY_ADDRESS_PHONES: '3' });
  });
  afterAll(() => t.close());

  it('makes a phone that failed on a busy address wait a short back-off, and still checks new ones', async () => {
    // (The rules on the clock of a test: sign-in-throttling.test.ts.)
    const from = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'x' },
        headers: memberHeaders(),
        remoteAddress: '10.1.2.3',
      });
    const phones = Array.from({ length: 3 }, () => randomPhone());
    const answers = [];
    for (const phone of phones) answers.push(codeOf(await from(phone)));
    expect(answers.every((code) => code === 'WRONG_CREDENTIAL')).toBe(true);
    expect(codeOf(await from(phones[2]!))).toBe('REQUEST_LIMIT');
    expect(codeOf(await from(randomPhone()))).toBe('WRONG_CREDENTIAL');
  });
});

describe('the device cookie of a sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: memberHeaders(cookie ? { cookie } : {}),
    });
  const deviceOf = (response: { headers: Record<string, unknown> }) =>
    /^__Host-wallet-device=([A-Za-z0-9_-]{43});/.exec(String(response.headers['set-cookie']))?.[1];

  it('is set by a sign-in for this origin only, where no script reads it, and kept by the next', async () => {
    const member = await registerMember(t.app);
    const first = await signIn(member.username, member.password);
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json<{ token: string }>())).toEqual(['token']);
    expect(String(first.headers['set-cookie'])).toMatch(
      /^__Host-wallet-device=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=7776000; HttpOnly; Secure; SameSite=Strict$/,
    );
    const device = deviceOf(first)!;
    // The same device keeps its token; a made-up or another member's token is replaced.
    const again = await signIn(member.username, member.password, `a=1; __Host-wallet-device=${device}`);
    expect(deviceOf(again)).toBe(device);
    expect(
      deviceOf(await signIn(member.username, member.password, `__Host-wallet-device=${'A'.repeat(43)}`)),
    ).not.toBe('A'.repeat(43));
    const other = await registerMember(t.app);
    expect(deviceOf(await signIn(other.username, other.password, `__Host-wallet-device=${device}`))).not.toBe(
      device,
    );
    // A wrong password sets no cookie.
    expect((await signIn(member.username, 'wrong-one')).headers['set-cookie']).toBeUndefined();
  });

  it('is forgotten, with every address, by a password change made elsewhere', async () => {
    const member = await registerMember(t.app);
    const old = deviceOf(await signIn(member.username, member.password))!;
    const here = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: member.password },
      headers: memberHeaders(),
      remoteAddress: '10.3.3.3',
    });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/changepwd',
      payload: { oldPassword: member.password, newPassword: 'Brand-new-secret-4' },
      headers: memberHeaders({
        ...bearer(here.json<{ token: string }>().token),
        cookie: `__Host-wallet-device=${deviceOf(here)}`,
      }),
      remoteAddress: '10.3.3.3',
    });
    expect(changed.statusCode).toBe(200);
    expect(deviceOf(changed)).toBe(deviceOf(here));
    const known = await createAccountsRepository(t.database.db).isKnownDevice(
      member.username,
      hashToken(old),
      new Date(0),
    );
    expect(known).toBe(false);
  });
});

describe('profile, password and bank name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (url: string, payload: unknown, token: string) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: memberHeaders(bearer(token)) });
  const profileWith = (token: string) =>
    t.app.inject({ url: '/api/account/profile', headers: memberHeaders(bearer(token)) });

  it('changes the name but never the bank account itself', async () => {
    const member = await registerMember(t.app);
    const token = await login(t.app, member.username, member.password);
    const renamed = await put(
      '/api/account/profile',
      { name: 'Somsri', bankCode: member.bankCode, bankAccountNo: member.bankAccountNo },
      token,
    );
    expect(renamed.json<{ profile: { name: string } }>().profile.name).toBe('Somsri');
    const moved = await put(
      '/api/account/profile',
      { name: 'Somsri', bankAccountNo: randomAccountNo() },
      token,
    );
    expect(failure(moved)).toEqual([403, 'BANK_CHANGE_BY_STAFF_ONLY']);
    expect(failure(await put('/api/account/profile', { name: ' ' }, token))).toEqual([400, 'FIELD_REQUIRED']);
  });

  it('changes the password, keeps this session and ends every other', async () => {
    const member = await registerMember(t.app);
    const here = await login(t.app, member.username, member.password);
    const elsewhere = await login(t.app, member.username, member.password);
    expect((await profileWith(elsewhere)).statusCode).toBe(200);
    expect(
      failure(await put('/api/account/changepwd', { oldPassword: 'wrong', newPassword: 'new-secret' }, here)),
    ).toEqual([400, 'WRONG_PASSWORD']);
    expect(
      failure(await put('/api/account/changepwd', { oldPassword: member.password, newPassword: '12' }, here)),
    ).toEqual([400, 'PASSWORD_LENGTH']);
    expect(
      failure(
        await put('/api/account/changepwd', { oldPassword: member.password, newPassword: 'iloveyou' }, here),
      ),
    ).toEqual([400, 'PASSWORD_TOO_COMMON']);
    // The current password again is no change (issue 16).
    expect(
      failure(
        await put(
          '/api/account/changepwd',
          { oldPassword: member.password, newPassword: member.password },
          here,
        ),
      ),
    ).toEqual([400, 'PASSWORD_SAME_AS_OLD']);
    expect(
      (await put('/api/account/changepwd', { oldPassword: member.password, newPassword: 'new-secret' }, here))
        .statusCode,
    ).toBe(200);
    expect((await profileWith(here)).statusCode).toBe(200);
    expect(failure(await profileWith(elsewhere))).toEqual([401, 'invalid-token']);
    expect(
      failure(await post(t.app, '/api/login', { username: member.username, password: member.password })),
    ).toEqual([401, 'WRONG_CREDENTIAL']);
    await login(t.app, member.username, 'new-secret');
  });

  it('lets a KTB, TMB or BBL member put a Thai account name into English, once, with an audit row', async () => {
    const repository = createAccountsRepository(t.database.db);
    // An account from before the English rule: only the database can make one now.
    const phone = randomPhone();
    const id = (await repository.createMember(
      {
        username: phone,
        name: 'Old',
        passwordHash: await hashPassword('secret-1'),
        sourceCode: 'FACEBOOK',
        currency: 'BAHT',
      },
      { bankCode: 'KTB', accountNo: randomAccountNo(), accountName: 'สมชาย ใจดี', currency: 'BAHT' },
      {
        actorType: 'staff',
        actorId: 'import',
        field: 'bankAccount',
        oldValue: null,
        newValue: 'KTB',
        clientAddress: 'import',
      },
    ))!;
    const token = await login(t.app, phone, 'secret-1');
    const before = (await profileWith(token)).json<{ bankAccount: { nameEditable: boolean } }>();
    expect(before.bankAccount.nameEditable).toBe(true);
    expect(
      failure(
        await put('/api/account/bankAccountName', { bankCode: 'KTB', bankAccountName: 'สมชาย' }, token),
      ),
    ).toEqual([400, 'BANK_ACCOUNT_NAME_ENG']);
    expect(
      failure(
        await put('/api/account/bankAccountName', { bankCode: 'SCB', bankAccountName: 'SOMCHAI' }, token),
      ),
    ).toEqual([400, 'INVALID_BANK']);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/bankAccountName',
      payload: { bankCode: 'KTB', bankAccountName: 'somchai jaidee' },
      headers: memberHeaders({ ...bearer(token), 'user-agent': 'audit-test' }),
    });
    expect(
      changed.json<{ bankAccount: { bankAccountName: string; nameEditable: boolean } }>().bankAccount,
    ).toMatchObject({
      bankAccountName: 'SOMCHAI JAIDEE',
      nameEditable: false,
    });
    const trail = await repository.bankChangesOf(id);
    expect(trail.at(-1)).toMatchObject({
      field: 'bankAccountName',
      actorType: 'member',
      actorId: String(id),
      oldValue: 'สมชาย ใจดี',
      newValue: 'SOMCHAI JAIDEE',
      clientAddress: '127.0.0.1',
      userAgent: 'audit-test',
    });
    expect(
      failure(
        await put('/api/account/bankAccountName', { bankCode: 'KTB', bankAccountName: 'OTHER NAME' }, token),
      ),
    ).toEqual([403, 'BANK_ACCOUNT_NAME_LOCKED']);
  });

  it('never lets a member reach another member through any account route', async () => {
    const alice = await registerMember(t.app, { name: 'Alice' });
    const bob = await registerMember(t.app, { name: 'Bob' });
    const aliceToken = await login(t.app, alice.username, alice.password);
    const bobToken = await login(t.app, bob.username, bob.password);
    // Every route acts on the token's member only; ids in the body or query are not read.
    expect((await profileWith(aliceToken)).json<{ profile: { _id: string } }>().profile._id).toBe(alice.id);
    await put('/api/account/profile', { name: 'Mallory', _id: bob.id, memberId: bob.id }, aliceToken);
    expect((await profileWith(bobToken)).json<{ profile: { name: string } }>().profile.name).toBe('Bob');
    await t.app
      .inject({ url: `/api/account/profile?_id=${bob.id}`, headers: memberHeaders(bearer(aliceToken)) })
      .then((r) => expect(r.json<{ profile: { _id: string } }>().profile._id).toBe(alice.id));
    await put(
      '/api/account/changepwd',
      { oldPassword: alice.password, newPassword: 'alice-new', username: bob.username },
      aliceToken,
    );
    await login(t.app, bob.username, bob.password);
    await post(t.app, '/api/logout', { token: bobToken }, bearer(aliceToken));
    expect((await profileWith(bobToken)).statusCode).toBe(200);
  });
});

describe('public forms per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_LIMIT_PER_ADDRESS: '4' });
  });
  afterAll(() => t.close());

  it('limits how often one address may ask whether phones are members', async () => {
    const from = (address: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: memberHeaders(), remoteAddress: address });
    const probes = [];
    for (let i = 0; i < 3; i++)
      probes.push(codeOf(await from('10.7.7.7', '/api/otp/send', { phoneNumber: randomPhone() })));
    probes.push(codeOf(await from('10.7.7.7', '/api/account/validate', registration())));
    probes.push(codeOf(await from('10.7.7.7', '/api/account', registration())));
    expect(probes.slice(0, 4).includes('REQUEST_LIMIT')).toBe(false);
    expect(probes[4]).toBe('REQUEST_LIMIT');
    expect(codeOf(await from('10.7.7.8', '/api/otp/send', { phoneNumber: randomPhone() }))).toBeUndefined();
  });

  it('counts an IPv6 host by its /64, however it rotates', async () => {
    const from = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/otp/send',
        payload: { phoneNumber: randomPhone() },
        headers: memberHeaders(),
        remoteAddress: address,
      });
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push(codeOf(await from(`2001:db8:5:5:${i}::${i}`)));
    expect(answers.slice(0, 4).includes('REQUEST_LIMIT')).toBe(false);
    expect(answers[4]).toBe('REQUEST_LIMIT');
    expect(codeOf(await from('2001:db8:5:6::1'))).toBeUndefined();
  });
});
