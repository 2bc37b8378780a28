import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Market } from '@wallet/contract/constants';
import { ErrorResponse } from '@wallet/contract/errors';
import {
  OtpSendRequest,
  OtpSendResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
} from '@wallet/contract/http/otp';
import { clientKey } from '../../platform/client-address';
import { requestLocale } from '../../platform/locale';
import type { OtpService } from './otp.service';

export interface OtpRoutesOptions {
  otp: OtpService;
  market: Market;
  /** preHandler limiting the public forms per client address. */
  formLimit: (request: FastifyRequest) => Promise<void>;
}

export const otpRoutes: FastifyPluginAsyncZod<OtpRoutesOptions> = async (app, { otp, market, formLimit }) => {
  const errors = { 400: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse, 502: ErrorResponse };

  app.post(
    '/api/otp/send',
    {
      preHandler: formLimit,
      schema: { tags: ['otp'], body: OtpSendRequest, response: { 200: OtpSendResponse, ...errors } },
    },
    async (request) =>
      otp.send(
        request.body.phoneNumber,
        clientKey(request.ip),
        requestLocale(request, market),
        request.body.otpToken,
      ),
  );

  app.post(
    '/api/otp/verify',
    { schema: { tags: ['otp'], body: OtpVerifyRequest, response: { 200: OtpVerifyResponse, ...errors } } },
    async (request) => {
      await otp.verify(request.body.otpToken, request.body.otpCode);
      return { code: 'OTP_CODE_VALID' as const };
    },
  );
};
