import { z } from 'zod';

/** Sign-in (spec section 7, Account). Messages of failed rules are error codes. */
export const LoginRequest = z
  .object({
    username: z.string().trim().min(1, 'FIELD_REQUIRED'),
    password: z.string().min(1, 'FIELD_REQUIRED'),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string() }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;
