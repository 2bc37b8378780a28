import { z } from 'zod';

/**
 * A prepaid-wallet gift voucher service (the member pastes a gift link; we redeem the voucher
 * into the operator's prepaid-wallet account and credit the member). Redeeming is idempotent by
 * our reference: asking again under the same reference answers the same redemption.
 */
export interface VoucherService {
  /** What a voucher is worth, without redeeming it. */
  inspect(code: string): Promise<VoucherState>;
  redeem(code: string, reference: string): Promise<VoucherRedemption>;
}

export type VoucherState = { status: 'available'; amount: bigint } | { status: 'redeemed' | 'not_found' };

export type VoucherRedemption =
  | { status: 'redeemed'; amount: bigint }
  /** Redeemed before under another reference, or no such voucher. */
  | { status: 'used' | 'not_found' };

/**
 * The voucher code of a gift link, or null when the text is not one. Gift links are
 * https://gift.truemoney.com/campaign/?v=<code>; only that host, only https.
 */
export function voucherCodeOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== GIFT_LINK_HOST) return null;
  const code = url.searchParams.get('v');
  return code && /^[A-Za-z0-9]{10,64}$/.test(code) ? code : null;
}

export const GIFT_LINK_HOST = 'gift.truemoney.com';
export const giftLinkOf = (code: string) => `https://${GIFT_LINK_HOST}/campaign/?v=${code}`;

export const VOUCHER_KEY_HEADER = 'x-merchant-key';

export const VoucherStateBody = z.object({
  code: z.string(),
  status: z.enum(['available', 'redeemed', 'not_found']),
  amount: z.number().int().positive().optional(),
});

export const RedeemBody = z.object({ reference: z.string().min(1).max(200) });

export const RedemptionBody = z.object({
  code: z.string(),
  status: z.enum(['redeemed', 'used', 'not_found']),
  amount: z.number().int().positive().optional(),
  reference: z.string().optional(),
});
