// NOTE: zod/mini, not zod: the login page is the first download of the member site and validates
// with these schemas (issue 15, decision 033). The server reads them as any other (zod/v4/core).
import { z } from 'zod/mini';
import { normalizePhone, PASSWORD_MAX_LENGTH } from '../input';

/** Sign-in. */
export const LoginRequest = z
  .object({
    // The phone as typed ("081-234 5678") is the phone registered ("0812345678").
    username: z.pipe(
      z.pipe(z.string(), z.transform(normalizePhone)),
      z.string().check(z.minLength(1, 'FIELD_REQUIRED'), z.maxLength(20, 'WRONG_CREDENTIAL')),
    ),
    password: z
      .string()
      .check(z.minLength(1, 'FIELD_REQUIRED'), z.maxLength(PASSWORD_MAX_LENGTH * 4, 'WRONG_CREDENTIAL')),
  })
  .register(z.globalRegistry, { id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z
  .object({ token: z.string() })
  .register(z.globalRegistry, { id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;
