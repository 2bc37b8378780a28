import type { RegisterRequest, ValidateRequest } from '@wallet/contract/http/account';
import { OkResponse, RegisterResponse } from '@wallet/contract/http/account';
import { OtpSendResponse, OtpVerifyResponse } from '@wallet/contract/http/otp';
import { apiRequest } from '../../lib/api-client';

/** `otpToken`: a code this visitor verified before for the phone (the server answers OTP_VERIFIED). */
export const sendOtp = (phoneNumber: string, otpToken?: string) =>
  apiRequest('/api/otp/send', { method: 'POST', body: { phoneNumber, otpToken }, schema: OtpSendResponse });

export const verifyOtp = (otpToken: string, otpCode: string) =>
  apiRequest('/api/otp/verify', { method: 'POST', body: { otpToken, otpCode }, schema: OtpVerifyResponse });

export const validateRegistration = (payload: ValidateRequest) =>
  apiRequest('/api/account/validate', { method: 'POST', body: payload, schema: OkResponse });

export const register = (payload: RegisterRequest) =>
  apiRequest('/api/account', { method: 'POST', body: payload, schema: RegisterResponse });
