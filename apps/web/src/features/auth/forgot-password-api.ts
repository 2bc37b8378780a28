import type { ResetPasswordRequest } from '@wallet/contract/http/account';
import { OkResponse } from '@wallet/contract/http/account';
import { OtpVerifyResponse, PasswordResetSendResponse } from '@wallet/contract/http/otp';
import { apiRequest } from '../../lib/api-client';

/** A code to the phone, if it has an account; the answer is the same either way (decision 022). */
export const sendResetCode = (phoneNumber: string) =>
  apiRequest('/api/otp/password-reset/send', {
    method: 'POST',
    body: { phoneNumber },
    schema: PasswordResetSendResponse,
  });

export const verifyResetCode = (otpToken: string, otpCode: string) =>
  apiRequest('/api/otp/password-reset/verify', {
    method: 'POST',
    body: { otpToken, otpCode },
    schema: OtpVerifyResponse,
  });

export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest('/api/account/resetpwd', { method: 'POST', body, schema: OkResponse });
