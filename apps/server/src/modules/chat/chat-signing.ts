import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Guest ids and media links, signed with the chat's key (chat_keys, shared by every process).
 * A guest id is `g` + 16 random bytes + `.` + its signature: a client can neither guess another's
 * nor make one up; only the server issues them (docs/decisions/023).
 */
export function createChatSigning(key: string, now: () => number = Date.now) {
  const sign = (value: string) =>
    createHmac('sha256', key).update(value).digest().subarray(0, 16).toString('base64url');
  const same = (a: string, b: string) => {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  };
  return {
    issueGuestId(): string {
      const id = `g${randomBytes(16).toString('base64url')}`;
      return `${id}.${sign(`guest:${id}`)}`;
    },
    isGuestId(guestId: string): boolean {
      const match = /^(g[A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(guestId);
      return !!match && same(match[2]!, sign(`guest:${match[1]!}`));
    },
    /** A link to a stored file that works for `ttlMs`: handed only to the room's owner and staff. */
    mediaLink(storageKey: string, ttlMs: number): string {
      const expires = Math.floor((now() + ttlMs) / 1000);
      return `/api/chat/media/${storageKey.replace(/^chat\//, '')}?e=${expires}&s=${sign(`media:${storageKey}:${expires}`)}`;
    },
    isMediaLink(storageKey: string, expires: number, signature: string): boolean {
      return expires * 1000 > now() && same(signature, sign(`media:${storageKey}:${expires}`));
    },
    /**
     * A staff socket's ticket: the hash of its session's token, good until `ttlMs` from now
     * (decision 047). The session cookie does not reach the socket's path; the console asks for a
     * ticket with it and hands the ticket to the handshake.
     */
    staffTicket(tokenHash: string, ttlMs: number): string {
      const expires = Math.floor((now() + ttlMs) / 1000);
      return `${tokenHash}.${expires}.${sign(`staff-socket:${tokenHash}:${expires}`)}`;
    },
    /** The session hash a ticket names while it is good, else null. */
    staffTicketSession(ticket: string): string | null {
      const match = /^([0-9a-f]{64})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(ticket);
      if (!match) return null;
      const [, tokenHash, expires, signature] = match as unknown as [string, string, string, string];
      return Number(expires) * 1000 > now() && same(signature, sign(`staff-socket:${tokenHash}:${expires}`))
        ? tokenHash
        : null;
    },
  };
}
export type ChatSigning = ReturnType<typeof createChatSigning>;
