import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { bearer, lastCodeTo, login, post, randomPhone, registerMember } from '../../../test/members';

/** A forgotten password reset with an SMS code (issue 16, docs/decisions/022-forgot-password.md). */

const failure = (response: { statusCode: number; json: () => unknown }) => [
  response.statusCode,
  (response.json() as { message?: string }).message,
];
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function outboxOf(t: TestApp, phone: string) {
  const response = await t.app.inject({ url: `/api/sandbox/sms?phone=${phone}`, headers: memberHeaders() });
  return response.json<{ messages: { text: string; code: string }[] }>().messages;
}

const sendReset = (t: TestApp, phoneNumber: string, address = '10.20.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/otp/password-reset/send',
    payload: { phoneNumber },
    headers: memberHeaders({ 'accept-language': 'en' }),
    remoteAddress: address,
  });
const verifyReset = (t: TestApp, otpToken: string, otpCode: string) =>
  post(t.app, '/api/otp/password-reset/verify', { otpToken, otpCode });
const resetPassword = (t: TestApp, otpToken: string, newPassword: string, address = '10.20.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/resetpwd',
    payload: { otpToken, newPassword },
    headers: memberHeaders(),
    remoteAddress: address,
  });
const profileWith = (t: TestApp, token: string) =>
  t.app.inject({ url: '/api/account/profile', headers: memberHeaders(bearer(token)) });

describe('forgotten password', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Members here were sent their registration code a moment ago: the minute between two codes
    // to one phone (tested below with the daily limit) would hold the reset code back.
    t = await createTestApp({ OTP_RESEND_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('texts a code to the member, sets the new password once, and ends every session', async () => {
    const member = await registerMember(t.app);
    const phone = await login(t.app, member.username, member.password);
    const laptop = await login(t.app, member.username, member.password);
    // Both used, so this process holds them (decision 031): the reset still ends them at once.
    expect((await profileWith(t, phone)).statusCode).toBe(200);
    expect((await profileWith(t, laptop)).statusCode).toBe(200);

    const sent = await sendReset(t, member.username);
    expect(sent.statusCode).toBe(200);
    const { otpRef, otpToken } = sent.json<{ otpRef: string; otpToken: string }>();
    expect(otpRef).toMatch(/^[A-Z2-9]{4}$/);
    const [sms] = await outboxOf(t, member.username);
    expect(sms!.text).toContain(otpRef);
    expect(sms!.text).toMatch(/password reset/);

    // A code not yet verified sets nothing.
    expect(failure(await resetPassword(t, otpToken, 'Fresh-start-2040'))).toEqual([400, 'UNVERIFIED_OTP']);
    expect((await verifyReset(t, otpToken, sms!.code)).json()).toEqual({ code: 'OTP_CODE_VALID' });
    // The rules of a new password hold here too.
    expect(failure(await resetPassword(t, otpToken, 'short'))).toEqual([400, 'PASSWORD_LENGTH']);
    expect(failure(await resetPassword(t, otpToken, 'iloveyou'))).toEqual([400, 'PASSWORD_TOO_COMMON']);

    const reset = await resetPassword(t, otpToken, 'Fresh-start-2040');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.headers['set-cookie']).toMatch(/^__Host-wallet-device=/);

    // Every session is gone, the old password too.
    expect(failure(await profileWith(t, phone))).toEqual([401, 'invalid-token']);
    expect(failure(await profileWith(t, laptop))).toEqual([401, 'invalid-token']);
    expect(
      failure(await post(t.app, '/api/login', { username: member.username, password: member.password })),
    ).toEqual([401, 'WRONG_CREDENTIAL']);
    await login(t.app, member.username, 'Fresh-start-2040');

    // The used code is spent: neither call takes it again.
    expect(failure(await resetPassword(t, otpToken, 'Another-start-2041'))).toEqual([400, 'OTP_EXPIRED']);
    expect(failure(await verifyReset(t, otpToken, sms!.code))).toEqual([400, 'OTP_NOT_EXIST']);
    await login(t.app, member.username, 'Fresh-start-2040');
  });

  it('answers an unknown phone as a member’s, texts nothing, and its code behaves as a wrong one', async () => {
    const member = await registerMember(t.app);
    const stranger = randomPhone();
    const known = await sendReset(t, member.username, '10.20.1.1');
    const unknown = await sendReset(t, stranger, '10.20.1.2');
    expect([unknown.statusCode, Object.keys(unknown.json<object>()).sort()]).toEqual([
      known.statusCode,
      Object.keys(known.json<object>()).sort(),
    ]);
    expect(unknown.json<{ otpRef: string }>().otpRef).toMatch(/^[A-Z2-9]{4}$/);
    expect(await outboxOf(t, stranger)).toEqual([]);

    // Five guesses at either: the same answers, tries counted down, then blocked.
    const code = (await outboxOf(t, member.username))[0]!.code;
    const guesses = async (token: string) => {
      const answers: unknown[] = [];
      for (let i = 0; i < 6; i++) answers.push((await verifyReset(t, token, wrong(code))).json());
      return answers;
    };
    const strangerAnswers = await guesses(unknown.json<{ otpToken: string }>().otpToken);
    expect(strangerAnswers).toEqual(await guesses(known.json<{ otpToken: string }>().otpToken));
    expect(strangerAnswers).toEqual([
      { message: 'OTP_CODE_INVALID', triesLeft: 4 },
      { message: 'OTP_CODE_INVALID', triesLeft: 3 },
      { message: 'OTP_CODE_INVALID', triesLeft: 2 },
      { message: 'OTP_CODE_INVALID', triesLeft: 1 },
      { message: 'OTP_BLOCK' },
      { message: 'OTP_BLOCK' },
    ]);
    // Blocked: the right code no longer counts.
    const blocked = await verifyReset(t, known.json<{ otpToken: string }>().otpToken, code);
    expect(failure(blocked)).toEqual([429, 'OTP_BLOCK']);
  });

  it('answers before the SMS gateway does: a failing gateway changes nothing in the answer', async () => {
    const member = await registerMember(t.app);
    await post(t.app, '/api/sandbox/sms/failing', { phone: member.username, failing: true });
    const sent = await sendReset(t, member.username);
    expect(sent.statusCode).toBe(200);
    expect(Object.keys(sent.json<object>()).sort()).toEqual(['otpRef', 'otpToken']);
    await post(t.app, '/api/sandbox/sms/failing', { phone: member.username, failing: false });
  });

  it('keeps registration codes and reset codes apart', async () => {
    const member = await registerMember(t.app);
    const { otpToken } = (await sendReset(t, member.username)).json<{ otpToken: string }>();
    const code = await lastCodeTo(t.app, member.username);
    // A reset code cannot verify a phone for registration…
    expect(failure(await post(t.app, '/api/otp/verify', { otpToken, otpCode: code }))).toEqual([
      400,
      'OTP_NOT_EXIST',
    ]);
    // …and a registration code resets no password.
    const phone = randomPhone();
    const registering = (await post(t.app, '/api/otp/send', { phoneNumber: phone })).json<{
      otpToken: string;
    }>();
    const registrationCode = await lastCodeTo(t.app, phone);
    expect(failure(await verifyReset(t, registering.otpToken, registrationCode))).toEqual([
      400,
      'OTP_NOT_EXIST',
    ]);
    expect(failure(await resetPassword(t, registering.otpToken, 'Fresh-start-2040'))).toEqual([
      400,
      'OTP_NOT_EXIST',
    ]);
    expect(failure(await resetPassword(t, 'not-a-token', 'Fresh-start-2040'))).toEqual([
      400,
      'OTP_TOKEN_INVALID',
    ]);
  });

  it('lets a member locked out by their own wrong passwords sign in from there after the reset', async () => {
    const member = await registerMember(t.app);
    const from = '10.20.3.3';
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password },
        headers: memberHeaders(),
        remoteAddress: from,
      });
    for (let i = 0; i < 5; i++) await signIn('not-my-password');
    expect(failure(await signIn('still-not-it'))).toEqual([429, 'REQUEST_LIMIT']);
    const { otpToken } = (await sendReset(t, member.username, from)).json<{ otpToken: string }>();
    await verifyReset(t, otpToken, await lastCodeTo(t.app, member.username));
    expect((await resetPassword(t, otpToken, 'Fresh-start-2040', from)).statusCode).toBe(200);
    expect((await signIn('Fresh-start-2040')).statusCode).toBe(200);
  });
});

describe('forgotten password limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OTP_RESEND_SECONDS: '0', OTP_DAILY_PER_PHONE: '2' });
  });
  afterAll(() => t.close());

  it('counts reset codes with registration codes in a phone’s daily limit, member or not', async () => {
    const member = await registerMember(t.app);
    // registerMember sent one registration code to the member's phone already.
    expect((await sendReset(t, member.username)).statusCode).toBe(200);
    expect(failure(await sendReset(t, member.username))).toEqual([429, 'REQUEST_LIMIT']);
    const stranger = randomPhone();
    expect((await post(t.app, '/api/otp/send', { phoneNumber: stranger })).statusCode).toBe(200);
    expect((await sendReset(t, stranger)).statusCode).toBe(200);
    expect(failure(await sendReset(t, stranger))).toEqual([429, 'REQUEST_LIMIT']);
  });
});
