/** The wheel's own asset: coins are whole coins on ledger accounts of currency COIN (decision 021). */
export const COIN = 'COIN';

/** The ledger keys of the wheel's movements: each once, whoever makes it. */
export const spinKeys = {
  /** The coin a spin spends. */
  coin: (memberId: number, requestKey: string) => `spin:${memberId}:${requestKey}:coin`,
  /** A cash or bonus prize set aside for its coupon when drawn. */
  won: (couponId: number) => `coupon:${couponId}:won`,
  /** A coupon claimed (cash to the wallet, coins to the coin account). */
  claim: (couponId: number) => `coupon:${couponId}:claim`,
  /** An expired coupon's prize back to the operator. */
  expire: (couponId: number) => `coupon:${couponId}:expire`,
  /** Coins a deposit earned (the prefix is followed by the deposit's transfer id). */
  depositPrefix: 'coin:deposit:',
  daily: (memberId: number, day: string) => `coin:daily:${memberId}:${day}`,
};
