import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { lastCodeTo, post, randomPhone, registerMember } from '../../../test/members';

const codeOf = (response: { json: () => unknown }) => (response.json() as { message?: string }).message;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('OTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(
    'sends a 6-digit code and its reference by SMS, and verifies it once',
    { tags: ['embedded'] },
    async () => {
      const phone = randomPhone();
      const sent = await post(t.app, '/api/otp/send', { phoneNumber: phone }, { 'accept-language': 'en' });
      expect(sent.statusCode).toBe(200);
      const { otpRef, otpToken } = sent.json<{ otpRef: string; otpToken: string }>();
      expect(otpRef).toMatch(/^[A-Z2-9]{4}$/);
      expect(otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const outbox = (
        await t.app.inject({ url: `/api/sandbox/sms?phone=${phone}`, headers: memberHeaders() })
      ).json<{
        messages: { to: string; text: string; code: string }[];
      }>();
      expect(outbox.messages).toHaveLength(1);
      expect(outbox.messages[0]!.code).toMatch(/^\d{6}$/);
      expect(outbox.messages[0]!.text).toContain(outbox.messages[0]!.code);
      expect(outbox.messages[0]!.text).toContain(otpRef);

      const verified = await post(t.app, '/api/otp/verify', { otpToken, otpCode: outbox.messages[0]!.code });
      expect(verified.json()).toEqual({ code: 'OTP_CODE_VALID' });
      const again = await post(t.app, '/api/otp/verify', { otpToken, otpCode: outbox.messages[0]!.code });
      expect(codeOf(again)).toBe('OTP_NOT_EXIST');
      // Verified: the same visitor's send says so instead of texting again.
      expect((await post(t.app, '/api/otp/send', { phoneNumber: phone, otpToken })).json()).toEqual({
        code: 'OTP_VERIFIED',
      });
    },
  );

  it('stops a guesser within 5 tries, even with the right code after', async () => {
    const phone = randomPhone();
    const { otpToken } = (await post(t.app, '/api/otp/send', { phoneNumber: phone })).json<{
      otpToken: string;
    }>();
    const code = await lastCodeTo(t.app, phone);
    const answers: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push((await post(t.app, '/api/otp/verify', { otpToken, otpCode: wrong(code) })).json());
    }
    // Each wrong code says how many more the code takes (issue 16); the fifth blocks it.
    expect(answers).toEqual([
      { message: 'OTP_CODE_INVALID', triesLeft: 4 },
      { message: 'OTP_CODE_INVALID', triesLeft: 3 },
      { message: 'OTP_CODE_INVALID', triesLeft: 2 },
      { message: 'OTP_CODE_INVALID', triesLeft: 1 },
      { message: 'OTP_BLOCK' },
    ]);
    const right = await post(t.app, '/api/otp/verify', { otpToken, otpCode: code });
    expect([right.statusCode, codeOf(right)]).toEqual([429, 'OTP_BLOCK']);
  });

  it('counts guesses made all at once: at most 5, and the right code is refused after', async () => {
    const phone = randomPhone();
    const { otpToken } = (await post(t.app, '/api/otp/send', { phoneNumber: phone })).json<{
      otpToken: string;
    }>();
    const code = await lastCodeTo(t.app, phone);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(t.app, '/api/otp/verify', {
          otpToken,
          otpCode: String(i).padStart(6, '9') === code ? wrong(code) : String(i).padStart(6, '9'),
        }),
      ),
    );
    expect(guesses.filter((g) => codeOf(g) === 'OTP_CODE_INVALID').length).toBeLessThanOrEqual(4);
    expect(codeOf(await post(t.app, '/api/otp/verify', { otpToken, otpCode: code }))).toBe('OTP_BLOCK');
  });

  it('answers OTP_TOKEN_INVALID for a malformed token and OTP_NOT_EXIST for an unknown one', async () => {
    expect(codeOf(await post(t.app, '/api/otp/verify', { otpToken: 'abc', otpCode: '123456' }))).toBe(
      'OTP_TOKEN_INVALID',
    );
    const unknown = 'A'.repeat(43);
    expect(codeOf(await post(t.app, '/api/otp/verify', { otpToken: unknown, otpCode: '123456' }))).toBe(
      'OTP_NOT_EXIST',
    );
    expect(codeOf(await post(t.app, '/api/otp/verify', { otpToken: unknown, otpCode: '12a456' }))).toBe(
      'OTP_CODE_INVALID',
    );
  });

  it('sends at most once a minute to one phone', async () => {
    const phone = randomPhone();
    expect((await post(t.app, '/api/otp/send', { phoneNumber: phone })).statusCode).toBe(200);
    const again = await post(t.app, '/api/otp/send', { phoneNumber: phone });
    expect([again.statusCode, codeOf(again)]).toEqual([429, 'REQUEST_LIMIT_1MIN']);
  });

  it('refuses a phone that is not 10 digits, and a phone that is already a member', async () => {
    const bad = await post(t.app, '/api/otp/send', { phoneNumber: '08123' });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'PHONE_NUMBER_REQUIRE_10_DIGIT']);
    const member = await registerMember(t.app);
    const existing = await post(t.app, '/api/otp/send', { phoneNumber: member.username });
    expect([existing.statusCode, codeOf(existing)]).toEqual([409, 'EXISTING_USER']);
  });

  it('answers OTP_SEND_FAIL when the gateway refuses, and lets the visitor ask again at once', async () => {
    const phone = randomPhone();
    await post(t.app, '/api/sandbox/sms/failing', { phone, failing: true });
    const failed = await post(t.app, '/api/otp/send', { phoneNumber: phone });
    expect([failed.statusCode, codeOf(failed)]).toEqual([502, 'OTP_SEND_FAIL']);
    await post(t.app, '/api/sandbox/sms/failing', { phone, failing: false });
    expect((await post(t.app, '/api/otp/send', { phoneNumber: phone })).statusCode).toBe(200);
  });
});

describe('OTP limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OTP_RESEND_SECONDS: '0',
      OTP_DAILY_PER_PHONE: '2',
      OTP_DAILY_PER_ADDRESS: '4',
      OTP_TTL_SECONDS: '1',
    });
  });
  afterAll(() => t.close());

  it('caps the codes a phone gets in a day', async () => {
    const phone = randomPhone();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(codeOf(await post(t.app, '/api/otp/send', { phoneNumber: phone })) ?? 'sent');
    expect(statuses).toEqual(['sent', 'sent', 'REQUEST_LIMIT']);
  });

  it('caps the codes one address asks for in a day, whatever the phones', async () => {
    const from = (address: string) => (phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/otp/send',
        payload: { phoneNumber: phone },
        headers: memberHeaders(),
        remoteAddress: address,
      });
    const send = from('10.9.9.9');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(codeOf(await send(randomPhone())) ?? 'sent');
    expect(answers).toEqual(['sent', 'sent', 'sent', 'sent', 'REQUEST_LIMIT']);
    expect(codeOf(await from('10.9.9.10')(randomPhone()))).toBeUndefined();
  });

  it('expires a code after its lifetime', async () => {
    const phone = randomPhone();
    const { otpToken } = (await post(t.app, '/api/otp/send', { phoneNumber: phone })).json<{
      otpToken: string;
    }>();
    const code = await lastCodeTo(t.app, phone);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(codeOf(await post(t.app, '/api/otp/verify', { otpToken, otpCode: code }))).toBe('OTP_EXPIRED');
  });
});

describe('OTP in Lao mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET: 'LA' });
  });
  afterAll(() => t.close());

  it('takes Lao mobile numbers and refuses Thai ones', async () => {
    expect((await post(t.app, '/api/otp/send', { phoneNumber: '020 5512 3456' })).statusCode).toBe(200);
    expect(codeOf(await post(t.app, '/api/otp/send', { phoneNumber: '0812345678' }))).toBe(
      'PHONE_NUMBER_INVALID',
    );
  });
});
