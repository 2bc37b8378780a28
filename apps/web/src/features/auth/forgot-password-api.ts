import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@wallet/contract/http/account';
import { OkResponse } from '@wallet/contract/http/account';
import { OtpVerifyResponse, PasswordResetSendResponse } from '@wallet/contract/http/otp';
import { apiRequest } from '../../lib/api-client';

/** A code to the phone, if it has an account; the answer is the same either way (decision 022). */
export function useSendResetCode() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      apiRequest('/api/otp/password-reset/send', {
        method: 'POST',
        body: { phoneNumber },
        schema: PasswordResetSendResponse,
      }),
  });
}

export function useVerifyResetCode() {
  return useMutation({
    mutationFn: (body: { otpToken: string; otpCode: string }) =>
      apiRequest('/api/otp/password-reset/verify', { method: 'POST', body, schema: OtpVerifyResponse }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest('/api/account/resetpwd', { method: 'POST', body, schema: OkResponse }),
  });
}
