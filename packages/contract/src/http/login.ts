import { z } from 'zod';
import { normalizePhone, PASSWORD_MAX_LENGTH } from '../rules';

/** Sign-in. */
export const LoginRequest = z
  .object({
    // The phone as typed ("081-234 5678") is the phone registered ("0812345678").
    username: z
      .string()
      .transform(normalizePhone)
      .pipe(z.string().min(1, 'FIELD_REQUIRED').max(20, 'WRONG_CREDENTIAL')),
    password: z
      .string()
      .min(1, 'FIELD_REQUIRED')
      .max(PASSWORD_MAX_LENGTH * 4, 'WRONG_CREDENTIAL'),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string() }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;
