import type { RiskFlag } from '@wallet/contract/http/console-risk';

/** Other members tied to one, and the member's inviter and invitees (the accounts module's member-links). */
type MemberLinks = (memberId: number) => Promise<{
  links: { kind: 'bank_account' | 'holder_name' | 'device' | 'address'; memberId: number }[];
  inviterId: number | null;
  inviteeIds: number[];
}>;

export interface RiskFlagsOptions {
  links: MemberLinks;
  /** The member's latest deposit credited to the wallet, or null. */
  lastDeposit: (memberId: number) => Promise<{ amount: bigint; createdAt: Date } | null>;
  /** Settled stakes since an instant (the play tally's hour buckets). */
  stakesSince: (memberId: number, from: Date) => Promise<bigint>;
  now: () => Date;
}

/** A withdrawal this soon after a deposit, with stakes under this share of it, is a quick cash-out. */
const QUICK_MS = 24 * 3_600_000;
const LITTLE_PLAY = 5n; // stakes × 5 < deposit: under a fifth

const LINK_FLAGS = {
  bank_account: 'shared_bank_account',
  holder_name: 'shared_holder_name',
  device: 'shared_device',
  address: 'shared_address',
} as const;

/**
 * The risk flags of a member (decision 051), computed by the server from what the modules hold,
 * never typed by staff. `withdrawing`: the member is asking for (or waits for) a withdrawal, so a
 * recent deposit with almost no play counts.
 */
export function createRiskFlags(options: RiskFlagsOptions) {
  // Set by the play limits once they are built (limits-services.ts): they are made after this.
  let nearPlayLimit: ((memberId: number) => Promise<boolean>) | null = null;
  async function quickCashOut(memberId: number): Promise<boolean> {
    const deposit = await options.lastDeposit(memberId);
    if (!deposit || options.now().getTime() - deposit.createdAt.getTime() > QUICK_MS) return false;
    const hour = new Date(Math.floor(deposit.createdAt.getTime() / 3_600_000) * 3_600_000);
    return (await options.stakesSince(memberId, hour)) * LITTLE_PLAY < deposit.amount;
  }

  return {
    /** The play limits' streak check (decision 061). */
    watchPlayLimits(check: (memberId: number) => Promise<boolean>) {
      nearPlayLimit = check;
    },

    async of(memberId: number, withdrawing: boolean): Promise<{ flags: RiskFlag[]; linked: number[] }> {
      const { links, inviterId, inviteeIds } = await options.links(memberId);
      const flags = new Set<RiskFlag>(links.map((link) => LINK_FLAGS[link.kind]));
      const family = new Set([...(inviterId === null ? [] : [inviterId]), ...inviteeIds]);
      if (links.some((link) => family.has(link.memberId))) flags.add('invite_cluster');
      if (withdrawing && (await quickCashOut(memberId))) flags.add('quick_cash_out');
      if (nearPlayLimit && (await nearPlayLimit(memberId))) flags.add('near_play_limit');
      return { flags: [...flags].sort(), linked: [...new Set(links.map((link) => link.memberId))] };
    },
  };
}

export type RiskFlagsService = ReturnType<typeof createRiskFlags>;
