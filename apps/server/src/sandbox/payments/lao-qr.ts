/**
 * The sandbox gateway's kip QR: an EMVCo merchant-presented payload as Lao banking apps read it
 * (the LAO QR standard): a dynamic code (01 = 12) whose tag 38 names the network (its AID), the
 * receiving bank and account, in kip (53 = 418) in Laos (58 = LA), for an exact amount in whole
 * kip (54), with our reference (62/05) and the CRC-16/CCITT-FALSE checksum (63).
 */

/** The LAO QR network's application id, as it opens tag 38 of Lao banks' codes. */
export const LAO_QR_AID = 'A005266284662577';
/** ISO 4217 numeric code of the kip. */
export const KIP_NUMERIC = '418';

const field = (tag: string, value: string): string => {
  if (value.length > 99) throw new Error(`EMVCo field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as EMVCo's tag 63 carries it. */
export function emvCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Kip as EMVCo's amount field writes it: whole kip, or with its att when it has any. */
function kipText(att: number): string {
  const whole = Math.trunc(att / 100);
  const rest = att % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

export function laoQrPayload(order: {
  /** The receiving bank's short code (BCEL) and the operator's account there. */
  bankCode: string;
  accountNo: string;
  merchantName: string;
  /** Att (minor units of kip). */
  amount: number;
  reference: string;
}): string {
  const network =
    field('00', LAO_QR_AID) + field('01', order.bankCode) + field('02', '001') + field('03', order.accountNo);
  const body =
    field('00', '01') +
    field('01', '12') +
    field('38', network) +
    field('52', '0000') +
    field('53', KIP_NUMERIC) +
    field('54', kipText(order.amount)) +
    field('58', 'LA') +
    field('59', order.merchantName.slice(0, 25)) +
    field('60', 'VIENTIANE') +
    field('62', field('05', order.reference.slice(0, 25))) +
    '6304';
  return body + emvCrc(body);
}

/** Reads an EMVCo payload's top-level fields (tests, and anyone checking a sandbox code). */
export function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at + 4 <= payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
