import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded files live. The local folder serves one machine (and several processes on it);
 * an S3-compatible store implements the same calls for several machines.
 */
export interface FileStorage {
  /** Stores `bytes` under `key` (a relative path of [A-Za-z0-9._-] segments). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes what is under `key`; nothing there is no error. */
  delete(key: string): Promise<void>;
}

const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

/** A key must not climb out of the folder, whatever a caller passes. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`invalid storage key: ${key}`);
}

/** Files in a folder of this machine; written to a temporary name first, so a reader never sees half a file. */
export function localFolderStorage(root: string): FileStorage {
  return {
    async put(key, bytes) {
      assertStorageKey(key);
      const target = path.join(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    },
    async get(key) {
      assertStorageKey(key);
      try {
        return await readFile(path.join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(path.join(root, key), { force: true });
    },
  };
}
