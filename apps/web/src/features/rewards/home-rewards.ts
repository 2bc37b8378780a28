import { ReferralBonus } from './referral-bonus';
import { RewardDialogs } from './reward-dialogs';

/**
 * What this feature gives the home screen: the referral bonus row and the invite and refund
 * dialogs. The app hands it to HomePage (features do not import each other), in one chunk.
 */
export const homeRewards = { ReferralBonus, RewardDialogs };
