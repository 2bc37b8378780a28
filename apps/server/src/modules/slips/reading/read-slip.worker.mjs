// The worker thread that reads slips (../slip-reader.ts). Plain JavaScript that loads the
// TypeScript through tsx itself: on Node 20 a worker inherits no loader from its process, neither
// tsx's (how the server runs) nor vitest's.
import { tsImport } from 'tsx/esm/api';

const { readSlip, reencodeStoredImage } = await tsImport('./read-slip.ts', import.meta.url);

/**
 * One task: the upload's bytes (a copy), the image limits, and a port told when the reading
 * starts (the time limit runs from then); answers a SlipReading, or with `only: 'reencode'` (an
 * image stored before only re-encoded pixels were) a StoredImage.
 */
export default async function readSlipTask({ only, bytes, limits, started }) {
  started.postMessage('started');
  started.close();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return only === 'reencode' ? reencodeStoredImage(buffer, limits) : readSlip(buffer, limits);
}
