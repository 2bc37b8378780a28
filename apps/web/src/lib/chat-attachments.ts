import {
  CHAT_FILE_EXTENSIONS,
  CHAT_IMAGE_TYPES,
  CHAT_LIMITS,
  CHAT_VIDEO_TYPES,
} from '@wallet/contract/http/chat';

/** What the attach button's file picker offers (the server checks the bytes again). */
export const ATTACH_ACCEPT = [
  ...CHAT_FILE_EXTENSIONS.map((extension) => `.${extension}`),
  ...CHAT_IMAGE_TYPES,
  ...CHAT_VIDEO_TYPES,
].join(',');

export type AttachmentVerdict =
  | { ok: true; kind: 'image' | 'video' }
  | { ok: false; reason: 'notSupported' }
  | { ok: false; reason: 'tooLarge'; maxMb: number };

const VIDEO_EXTENSIONS: readonly string[] = ['mp4', 'mov'];
const KNOWN_TYPES: readonly string[] = [...CHAT_IMAGE_TYPES, ...CHAT_VIDEO_TYPES, 'image/jpg'];
const MB = 1024 * 1024;

/**
 * Spec section 5: png, jpeg, jpg and gif images up to 10 MB, mp4 and mov (quicktime) videos up to
 * 20 MB; a name without an extension is not supported. A type the browser names must agree.
 */
export function checkAttachment(file: { name: string; type: string; size: number }): AttachmentVerdict {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!(CHAT_FILE_EXTENSIONS as readonly string[]).includes(extension))
    return { ok: false, reason: 'notSupported' };
  if (file.type !== '' && !KNOWN_TYPES.includes(file.type)) return { ok: false, reason: 'notSupported' };
  const kind = VIDEO_EXTENSIONS.includes(extension) ? 'video' : 'image';
  const max = kind === 'image' ? CHAT_LIMITS.imageMaxBytes : CHAT_LIMITS.videoMaxBytes;
  if (file.size > max) return { ok: false, reason: 'tooLarge', maxMb: max / MB };
  return { ok: true, kind };
}
