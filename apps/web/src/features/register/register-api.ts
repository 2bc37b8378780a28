import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, ValidateRequest } from '@wallet/contract/http/account';
import { OkResponse, RegisterResponse } from '@wallet/contract/http/account';
import { OtpSendResponse, OtpVerifyResponse } from '@wallet/contract/http/otp';
import { apiRequest } from '../../lib/api-client';

/** `otpToken`: a code this visitor verified before for the phone (the server answers OTP_VERIFIED). */
export function useSendOtp() {
  return useMutation({
    mutationFn: ({ phoneNumber, otpToken }: { phoneNumber: string; otpToken?: string | undefined }) =>
      apiRequest('/api/otp/send', {
        method: 'POST',
        body: { phoneNumber, otpToken },
        schema: OtpSendResponse,
      }),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: { otpToken: string; otpCode: string }) =>
      apiRequest('/api/otp/verify', { method: 'POST', body, schema: OtpVerifyResponse }),
  });
}

/** The profile step's check before the bank step (a phone registered since, an invite code). */
export function useValidateRegistration() {
  return useMutation({
    mutationFn: (payload: ValidateRequest) =>
      apiRequest('/api/account/validate', { method: 'POST', body: payload, schema: OkResponse }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (payload: RegisterRequest) =>
      apiRequest('/api/account', { method: 'POST', body: payload, schema: RegisterResponse }),
  });
}
