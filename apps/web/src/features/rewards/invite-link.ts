/**
 * The member's invite link (spec section 9): `{origin}/register?code={inviteCode}`, where the
 * server's code is already `PR` + the profile id. The registration page reads `code`, remembers
 * it and locks the inviter field (spec section 2, Register).
 */
export function inviteLink(origin: string, inviteCode: string): string {
  const url = new URL('/register', origin);
  url.searchParams.set('code', inviteCode);
  return url.href;
}
