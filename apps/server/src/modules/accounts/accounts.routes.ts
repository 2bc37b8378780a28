import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Market } from '@wallet/contract/constants';
import {
  BankAccountNameRequest,
  ChangePasswordRequest,
  InviteCodeCheckRequest,
  InviteCodeCheckResponse,
  LoginRequest,
  LoginResponse,
  OkResponse,
  ProfileResponse,
  RegisterResponse,
  ResetPasswordRequest,
  UpdateProfileRequest,
  registerRequestSchema,
  validateRequestSchema,
} from '@wallet/contract/http/account';
import { memberOf } from '../../platform/auth';
import { cookieValue } from '../../platform/cookies';
import { errorResponses } from '../../platform/errors';
import { requestLocale } from '../../platform/locale';
import type { AccountsService, ClientMeta } from './accounts.service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  market: Market;
  /** preHandler limiting the public forms per client address. */
  formLimit: (request: FastifyRequest) => Promise<void>;
}

/**
 * The device cookie: a random token a sign-in leaves in the browser, so that the member's next
 * sign-in from it is not held back by the back-offs a distributed attack on their phone causes
 * (docs/decisions/015-sign-in-throttling.md). It signs no one in. `__Host-`: only this origin,
 * over HTTPS (or localhost), set by no subdomain; HttpOnly: no script reads it; SameSite=Strict:
 * no other site's request carries it.
 */
export const DEVICE_COOKIE = '__Host-wallet-device';

/** The device cookie's value in a Cookie header, if any. */
export const deviceCookieOf = (header: string | undefined): string | undefined =>
  cookieValue(header, DEVICE_COOKIE);

const metaOf = (request: FastifyRequest): ClientMeta => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
  device: deviceCookieOf(request.headers.cookie),
});

function setDeviceCookie(reply: FastifyReply, token: string, maxAgeMs: number) {
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${token}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; Secure; SameSite=Strict`,
  );
}

const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  { accounts, market, formLimit },
) => {
  const secured = { preHandler: app.requireMember, schema: { security: [{ bearer: [] }] } };

  app.post(
    '/api/account/validate',
    {
      preHandler: formLimit,
      schema: {
        tags: ['account'],
        body: validateRequestSchema(market),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await accounts.validate(request.body);
      return { ok: true as const };
    },
  );

  // Limited per address as the registration forms are: a member's code is PR and their number.
  app.post(
    '/api/account/invite-code',
    {
      preHandler: formLimit,
      schema: {
        tags: ['account'],
        body: InviteCodeCheckRequest,
        response: { 200: InviteCodeCheckResponse, ...errors },
      },
    },
    async (request) => ({ exists: await accounts.inviteCodeExists(request.body.inviteCode) }),
  );

  app.post(
    '/api/account',
    {
      preHandler: formLimit,
      schema: {
        tags: ['account'],
        body: registerRequestSchema(market),
        response: { 200: RegisterResponse, ...errors },
      },
    },
    async (request) => ({ id: await accounts.register(request.body, metaOf(request)) }),
  );

  app.post(
    '/api/login',
    { schema: { tags: ['account'], body: LoginRequest, response: { 200: LoginResponse, ...errors } } },
    async (request, reply) => {
      const signedIn = await accounts.login(request.body.username, request.body.password, metaOf(request));
      setDeviceCookie(reply, signedIn.device, accounts.deviceLifetimeMs);
      return { token: signedIn.token };
    },
  );

  app.post(
    '/api/logout',
    {
      ...secured,
      schema: { ...secured.schema, tags: ['account'], response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await accounts.logout(memberOf(request).tokenHash);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/profile',
    {
      ...secured,
      schema: { ...secured.schema, tags: ['account'], response: { 200: ProfileResponse, ...errors } },
    },
    async (request) => accounts.profile(memberOf(request).id, requestLocale(request, market)),
  );

  app.put(
    '/api/account/profile',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['account'],
        body: UpdateProfileRequest,
        response: { 200: ProfileResponse, ...errors },
      },
    },
    async (request) =>
      accounts.updateProfile(memberOf(request).id, request.body, requestLocale(request, market)),
  );

  app.put(
    '/api/account/changepwd',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['account'],
        body: ChangePasswordRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const device = await accounts.changePassword(memberOf(request), request.body, metaOf(request));
      setDeviceCookie(reply, device, accounts.deviceLifetimeMs);
      return { ok: true as const };
    },
  );

  // The last call of a forgotten password (docs/decisions/022-forgot-password.md); its code is
  // sent and checked by /api/otp/password-reset/*.
  app.post(
    '/api/account/resetpwd',
    {
      preHandler: formLimit,
      schema: {
        tags: ['account'],
        body: ResetPasswordRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const device = await accounts.resetPassword(request.body, metaOf(request));
      setDeviceCookie(reply, device, accounts.deviceLifetimeMs);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/account/bankAccountName',
    {
      ...secured,
      schema: {
        ...secured.schema,
        tags: ['account'],
        body: BankAccountNameRequest,
        response: { 200: ProfileResponse, ...errors },
      },
    },
    async (request) =>
      accounts.changeBankAccountName(
        memberOf(request).id,
        request.body,
        metaOf(request),
        requestLocale(request, market),
      ),
  );
};
