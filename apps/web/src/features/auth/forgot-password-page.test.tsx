import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fakeServer, renderApp, renderWithProviders } from '../../test/render-app';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => vi.unstubAllGlobals());

const SENT = { otpRef: 'QX7P', otpToken: 'B'.repeat(43) };

describe('forgotten password (issue 16)', () => {
  it('goes from the sign-in page through phone, code and new password back to sign-in, phone filled in', async () => {
    let verifyAnswers = [{ status: 400, body: { message: 'OTP_CODE_INVALID', triesLeft: 2 } }];
    const calls = fakeServer((url) => {
      if (url === '/api/otp/password-reset/send') return { body: SENT };
      if (url === '/api/otp/password-reset/verify') {
        const [next, ...rest] = verifyAnswers;
        verifyAnswers = rest;
        return next ?? { body: { code: 'OTP_CODE_VALID' } };
      }
      if (url === '/api/account/resetpwd') return { body: { ok: true } };
      return undefined;
    });
    const { router } = await renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Phone number'), '0812345678');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    // The number typed on the sign-in page comes along.
    const phone = await screen.findByLabelText<HTMLInputElement>('Phone number');
    expect(phone.value).toBe('0812345678');
    await userEvent.click(screen.getByRole('button', { name: /Send code/ }));
    expect(bodyOf(calls.find((call) => call.url === '/api/otp/password-reset/send')!)).toEqual({
      phoneNumber: '0812345678',
    });
    expect(await screen.findByText('QX7P')).toBeTruthy();
    // Said so that it tells nothing about whether the number has an account.
    expect(screen.getByText(/If 0812345678 has an account/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Code from SMS'), '000000');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));
    expect(await screen.findByText('That code is not right. You have 2 more tries.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Code from SMS'));
    await userEvent.type(screen.getByLabelText('Code from SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: /Verify/ }));

    // The new password's rules before anything is sent.
    await userEvent.click(await screen.findByRole('button', { name: /Set new password/ }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('New password'), 'Fresh-start-2040');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Fresh-start-2041');
    await userEvent.click(screen.getByRole('button', { name: /Set new password/ }));
    expect(await screen.findByText('The new password and its confirmation are not the same.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/account/resetpwd')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Fresh-start-2040');
    expect(screen.getByText('For your safety, this signs you out on every device.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Set new password/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodyOf(calls.find((call) => call.url === '/api/account/resetpwd')!)).toEqual({
      otpToken: SENT.otpToken,
      newPassword: 'Fresh-start-2040',
    });
    expect(
      await screen.findByText('Your password has been reset. Please log in with your new password.'),
    ).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('Phone number')).value).toBe('0812345678');
  });

  it('asks for a new code when the code is blocked, and in Thai', async () => {
    fakeServer((url) => {
      if (url === '/api/otp/password-reset/send') return { body: SENT };
      if (url === '/api/otp/password-reset/verify') return { status: 429, body: { message: 'OTP_BLOCK' } };
      return undefined;
    });
    await renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password', locale: 'th' });
    await userEvent.type(await screen.findByLabelText('เบอร์โทรศัพท์'), '0812345678');
    await userEvent.click(screen.getByRole('button', { name: /ส่งรหัส/ }));
    await userEvent.type(await screen.findByLabelText('รหัสจาก SMS'), '000000');
    await userEvent.click(screen.getByRole('button', { name: /ยืนยัน/ }));
    expect(await screen.findByText('ใส่รหัสผิดหลายครั้งเกินไป รหัสนี้ใช้ไม่ได้แล้ว กรุณาขอรหัสใหม่')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /ยืนยัน/ }).disabled).toBe(true);
  });
});
