import { useMutation, useQuery } from '@tanstack/react-query';
import type { RegisterRequest, ValidateRequest } from '@wallet/contract/http/account';
import { InviteCodeCheckResponse, OkResponse, RegisterResponse } from '@wallet/contract/http/account';
import { OtpSendResponse, OtpVerifyResponse } from '@wallet/contract/http/otp';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { storage } from '../../lib/storage';

/** Whether the inviter code remembered from a link names a member (issue 31); null: none kept. */
export function useInviteCodeCheck(code: string | null) {
  return useQuery({
    queryKey: queryKeys.inviteCode(code ?? ''),
    queryFn: async () => {
      const answer = await apiRequest('/api/account/invite-code', {
        method: 'POST',
        body: { inviteCode: code },
        schema: InviteCodeCheckResponse,
      });
      // No member has it: forgotten, so the next visit of /register does not lock it again.
      if (!answer.exists) storage.clearInviterCode();
      return answer;
    },
    enabled: code !== null,
    staleTime: Infinity,
  });
}

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
