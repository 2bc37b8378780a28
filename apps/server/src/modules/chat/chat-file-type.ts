/**
 * What an uploaded file is, read from its first bytes: a name or a declared type proves nothing
 * (spec section 5's rules, enforced on the server by bytes).
 */
export interface SniffedFile {
  fileType: 'image' | 'video';
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'video/mp4' | 'video/quicktime';
  extension: 'png' | 'jpg' | 'gif' | 'mp4' | 'mov';
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

export function sniffChatFile(bytes: Buffer): SniffedFile | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { fileType: 'image', contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { fileType: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return { fileType: 'image', contentType: 'image/gif', extension: 'gif' };
  // ISO base media (mp4, QuickTime): a first box of type `ftyp` whose major brand names the family.
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'qt  ') return { fileType: 'video', contentType: 'video/quicktime', extension: 'mov' };
    if (/^(isom|iso[2-9]|mp4[12]|avc1|M4V |MSNV|dash|mmp4)$/.test(brand))
      return { fileType: 'video', contentType: 'video/mp4', extension: 'mp4' };
    return null;
  }
  // NOTE: QuickTime files from before `ftyp` (a first `moov` or `mdat` atom) are refused: four
  // letters at bytes 4-8 are too easily spelled by a text file; phones have written `ftyp` for years.
  return null;
}

/** Spec section 5: a file name without an extension is not supported, whatever its bytes. */
export const hasExtension = (fileName: string): boolean => /\.[A-Za-z0-9]{1,5}$/.test(fileName);
