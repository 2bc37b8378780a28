import { ClaimGuestResponse } from '@wallet/contract/http/chat';
import { ApiError, apiRequest } from '../../lib/api-client';
import { storage } from '../../lib/storage';

let claiming: Promise<void> | undefined;

/**
 * A member who chatted as a guest on this device and then signed in takes that conversation into
 * their own room, once; the guest id is forgotten afterwards. A refusal (the id is not valid, or
 * another member took it) forgets it too; a lost connection keeps it for the next visit.
 */
export function claimGuestConversation(): Promise<void> {
  const guestId = storage.getGuestId();
  if (!guestId || !storage.getToken()) return Promise.resolve();
  claiming ??= apiRequest('/api/chat/claim-guest', {
    method: 'POST',
    body: { guestId },
    schema: ClaimGuestResponse,
  })
    .then(() => storage.clearGuestId())
    .catch((error: unknown) => {
      const refused =
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
      if (refused) storage.clearGuestId();
    })
    .finally(() => {
      claiming = undefined;
    });
  return claiming;
}
