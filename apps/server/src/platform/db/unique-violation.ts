/** PostgreSQL's unique_violation (23505), with the name of the violated constraint; else null. */
export function uniqueViolation(error: unknown): string | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : null;
}
