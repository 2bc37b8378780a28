import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_LIMITS, type ChatMessageBody } from '@wallet/contract/http/chat';
import { fail } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { hasExtension, sniffChatFile } from './chat-file-type';
import type { ChatSigning } from './chat-signing';
import type { ChatRepository, RoomRow } from './chat.repository';

/**
 * An upload is sent within 12 hours or not at all; one never sent is purged after 24 (the gap means
 * a send that passed the check never names a file the purge is removing).
 */
export const UPLOAD_SEND_WINDOW_MS = 12 * 3_600_000;
export const UNSENT_UPLOAD_PURGE_MS = 24 * 3_600_000;

export interface ChatUploadsOptions {
  repository: ChatRepository;
  storage: FileStorage;
  signing: ChatSigning;
  /** The clock of the upload window (tests move it). */
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Chat files: uploads checked by their bytes, media messages naming them, signed links, the purge. */
export function createChatUploads(options: ChatUploadsOptions) {
  const { repository, storage, signing, now, log } = options;

  return {
    /** Checks a media message names an upload of this very room (a path of another room is refused). */
    async checkMedia(room: RoomRow, body: ChatMessageBody): Promise<ChatMessageBody> {
      if (body.message_type !== 'media') return body;
      const key = storageKeyOf(body.payload.filePath);
      const upload = key ? await repository.upload(key) : null;
      if (!upload || upload.roomId !== room.id) return fail('CHAT_MEDIA_UNKNOWN', 400);
      // An upload not sent within its window may be purged any moment (purgeUnsentUploads).
      // One already sent (`sentAt`, set with its message) is kept for good and may be sent again.
      if (upload.sentAt === null && now().getTime() - upload.createdAt.getTime() > UPLOAD_SEND_WINDOW_MS)
        return fail('CHAT_MEDIA_UNKNOWN', 400);
      return {
        ...body,
        payload: { ...body.payload, url: false, fileType: upload.fileType, filePath: upload.storageKey },
      };
    },

    async upload(
      roomId: number,
      fileName: string,
      bytes: Buffer,
      kind: 'image' | 'video',
      by: 'customer' | 'staff',
    ) {
      if (!hasExtension(fileName)) return fail('CHAT_FILE_NOT_SUPPORTED', 415);
      const sniffed = sniffChatFile(bytes);
      if (!sniffed || sniffed.fileType !== kind) return fail('CHAT_FILE_NOT_SUPPORTED', 415);
      if (bytes.length > (kind === 'image' ? CHAT_LIMITS.imageMaxBytes : CHAT_LIMITS.videoMaxBytes))
        return fail('CHAT_FILE_TOO_LARGE', 413);
      const storageKey = `chat/${roomId}/${randomBytes(16).toString('base64url')}.${sniffed.extension}`;
      await storage.put(storageKey, bytes);
      await repository.addUpload({
        roomId,
        storageKey,
        fileType: sniffed.fileType,
        contentType: sniffed.contentType,
        bytes: bytes.length,
        uploadedBy: by,
      });
      return { path: storageKey, fileType: sniffed.fileType };
    },

    /** Housekeeping: removes uploads never sent (their rows, then their files); answers how many. */
    async purgeUnsentUploads(): Promise<number> {
      const before = new Date(now().getTime() - UNSENT_UPLOAD_PURGE_MS);
      let removed = 0;
      for (;;) {
        const keys = await repository.purgeUnsentUploads(before, 500);
        // A file whose removal fails stays on disk with no row: it is never served, only kept.
        await Promise.all(
          keys.map((key) =>
            storage
              .delete(key)
              .catch((error: unknown) => log.warn({ err: error, key }, 'chat upload not removed')),
          ),
        );
        removed += keys.length;
        if (keys.length < 500) return removed;
      }
    },

    /** The bytes of a signed media link, or null when the link is not one we signed or has expired. */
    async media(storageKey: string, expires: number, signature: string) {
      if (!signing.isMediaLink(storageKey, expires, signature)) return null;
      const upload = await repository.upload(storageKey);
      if (!upload) return null;
      const bytes = await storage.get(storageKey);
      return bytes ? { bytes, contentType: upload.contentType } : null;
    },
  };
}

export type ChatUploads = ReturnType<typeof createChatUploads>;

/** The storage key a client names: the upload's own path, or a media link of ours. */
export function storageKeyOf(filePath: string): string | null {
  const link = /^\/api\/chat\/media\/(\d+\/[A-Za-z0-9_-]+\.[a-z0-9]+)(?:\?.*)?$/.exec(filePath);
  if (link) return `chat/${link[1]}`;
  return /^chat\/\d+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(filePath) ? filePath : null;
}
