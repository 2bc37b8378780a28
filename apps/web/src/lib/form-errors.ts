import type { $ZodError } from 'zod/v4/core';

/** The first error code of each field of a failed contract schema, keyed by field name. */
export function fieldErrors(error: $ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
