import { parse } from 'promptparse';
import { slipVerify } from 'promptparse/validate';

/**
 * The mini QR printed on a Thai bank transfer slip carries a "slip verify" payload, EMVCo TLV:
 * tag 00 holds sub-tags 00 (API id "000001"), 01 (sending bank code) and 02 (transaction
 * reference); tag 51 is the country "TH"; tag 91 is a CRC-16 of everything before its value.
 * Example: 0041 [0006 000001 0103 014 0220 00111222233344ABCD12] 5102 TH 9104 17DF.
 */

export type SlipPayload = { sendingBank: string; transRef: string };

const CRC_TAG = '91';
const CRC_TAG_HEAD = `${CRC_TAG}04`;

/** A real payload is about 60 characters of digits and letters; anything else is not one. */
const PAYLOAD_TEXT = /^[0-9A-Za-z]{20,256}$/;
const BANK_CODE = /^\d{3}$/;
const TRANS_REF = /^[0-9A-Za-z]+$/;

export function readSlipPayload(text: string): SlipPayload | null {
  if (!PAYLOAD_TEXT.test(text)) return null;
  const payload = withFullCrc(text);

  const fields = slipVerify(payload, false);
  if (!fields || !BANK_CODE.test(fields.sendingBank) || !TRANS_REF.test(fields.transRef)) return null;

  // slipVerify checks the CRC and reads the sub-tags but lets anything else ride along; a slip
  // is exactly these three tags, in canonical TLV (re-encoding them gives the same text back).
  const qr = parse(payload, true);
  const tagIds = qr?.getTags().map((tag) => tag.id);
  if (!qr?.validate(CRC_TAG) || tagIds?.join() !== '00,51,91' || qr.getTagValue('51') !== 'TH') return null;

  return { sendingBank: fields.sendingBank, transRef: fields.transRef };
}

/**
 * NOTE: some banking apps print the CRC without its leading zeros (0x0A1B as "A1B", 0x00C4 as
 * "C4") while the tag still says 4 characters. Padding it back is the only repair: the padded CRC
 * must still match, so a wrong CRC stays wrong. Lower-case hex is made upper-case, since
 * `validate` compares the text as promptparse would write it. (promptparse's own `crcAutoFix`
 * pads too, but the structure check below needs the repaired text.)
 */
function withFullCrc(text: string): string {
  const head = text.lastIndexOf(CRC_TAG_HEAD);
  if (head === -1) return text;
  const crc = text.slice(head + CRC_TAG_HEAD.length);
  if (!/^[0-9A-Fa-f]{1,4}$/.test(crc)) return text;
  return text.slice(0, head + CRC_TAG_HEAD.length) + crc.toUpperCase().padStart(4, '0');
}
