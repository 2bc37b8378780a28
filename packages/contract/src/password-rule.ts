import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules';

/**
 * The rule of a password being set (registration, change), apart from the other rules so that only
 * the screens that set a password download the common-password list (about 15 KB gzip).
 */

const commonPasswords = new Set(COMMON_PASSWORDS.split('\n'));
/** One of the most used passwords (the bundled list, compared without regard to case). */
export const isCommonPassword = (password: string): boolean => commonPasswords.has(password.toLowerCase());

/** A password being set (registration, change): 8 to 64 characters, not a common one (ASVS 5.0 6.2). */
export const passwordRule = z
  .string()
  .min(1, 'FIELD_REQUIRED')
  .min(PASSWORD_MIN_LENGTH, 'PASSWORD_LENGTH')
  .max(PASSWORD_MAX_LENGTH, 'PASSWORD_LENGTH')
  .refine((password) => !isCommonPassword(password), 'PASSWORD_TOO_COMMON');
