import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Market } from '@wallet/contract/constants';
import {
  OtpSendRequest,
  OtpSendResponse,
  OtpVerifyRefusal,
  OtpVerifyRequest,
  OtpVerifyResponse,
  PasswordResetSendRequest,
  PasswordResetSendResponse,
} from '@wallet/contract/http/otp';
import { clientKey } from '../../platform/client-address';
import { errorResponses } from '../../platform/errors';
import { requestLocale } from '../../platform/locale';
import { WrongCodeError, type OtpService } from './otp.service';

export interface OtpRoutesOptions {
  otp: OtpService;
  market: Market;
  /** preHandler limiting the public forms per client address. */
  formLimit: (request: FastifyRequest) => Promise<void>;
}

/**
 * A code check's answer: OTP_CODE_VALID, or a wrong code's refusal with the tries left (the one
 * error handler answers every other failure).
 */
async function answerCheck(reply: FastifyReply, check: () => Promise<void>) {
  try {
    await check();
    return { code: 'OTP_CODE_VALID' as const };
  } catch (error) {
    if (!(error instanceof WrongCodeError)) throw error;
    return reply.status(400).send({ message: error.code, triesLeft: error.triesLeft });
  }
}

export const otpRoutes: FastifyPluginAsyncZod<OtpRoutesOptions> = async (app, { otp, market, formLimit }) => {
  const errors = errorResponses(400, 409, 429, 502);
  const verifyErrors = { ...errors, 400: OtpVerifyRefusal };

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
    {
      schema: {
        tags: ['otp'],
        body: OtpVerifyRequest,
        response: { 200: OtpVerifyResponse, ...verifyErrors },
      },
    },
    async (request, reply) =>
      answerCheck(reply, () => otp.verify(request.body.otpToken, request.body.otpCode)),
  );

  // Forgotten password (docs/decisions/022-forgot-password.md); the new password is set by
  // POST /api/account/resetpwd in the accounts module.
  app.post(
    '/api/otp/password-reset/send',
    {
      preHandler: formLimit,
      schema: {
        tags: ['otp'],
        body: PasswordResetSendRequest,
        response: { 200: PasswordResetSendResponse, ...errors },
      },
    },
    async (request) =>
      otp.sendResetCode(
        request.body.phoneNumber,
        clientKey(request.ip),
        requestLocale(request, market),
        request.log,
      ),
  );

  app.post(
    '/api/otp/password-reset/verify',
    {
      preHandler: formLimit,
      schema: {
        tags: ['otp'],
        body: OtpVerifyRequest,
        response: { 200: OtpVerifyResponse, ...verifyErrors },
      },
    },
    async (request, reply) =>
      answerCheck(reply, () => otp.verifyResetCode(request.body.otpToken, request.body.otpCode)),
  );
};
