const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY (spec section 9), in the member's local time. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
