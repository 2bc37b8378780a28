import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Market } from '@wallet/contract/constants';
import { ErrorResponse } from '@wallet/contract/errors';
import {
  BankAccountNameRequest,
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  OkResponse,
  ProfileResponse,
  RegisterResponse,
  UpdateProfileRequest,
  registerRequestSchema,
  validateRequestSchema,
} from '@wallet/contract/http/account';
import { memberOf } from '../../platform/auth';
import type { AccountsService, ClientMeta } from './accounts.service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  market: Market;
  /** preHandler limiting the public forms per client address. */
  formLimit: (request: FastifyRequest) => Promise<void>;
}

const metaOf = (request: FastifyRequest): ClientMeta => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};

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
    async (request) => ({
      token: await accounts.login(request.body.username, request.body.password, metaOf(request)),
    }),
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
    async (request) => accounts.profile(memberOf(request).id),
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
    async (request) => accounts.updateProfile(memberOf(request).id, request.body),
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
    async (request) => {
      await accounts.changePassword(memberOf(request), request.body, metaOf(request));
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
    async (request) => accounts.changeBankAccountName(memberOf(request).id, request.body, metaOf(request)),
  );
};
