import { LOYALTY, type LoyaltyReward } from '@limo/contracts/customers/loyalty';
import { formatBusinessDay } from '../lib/format';

/** What the card says under its stamps: how many more rides to the free one, or that it is full. */
export function punchCardMessage(punchCard: number): string {
  if (punchCard >= LOYALTY.ridesPerReward) return 'Card full: your next airport ride is on us.';
  return `Your next airport ride after ${LOYALTY.ridesPerReward - punchCard} more is on us.`;
}

const REWARD_TEXT: Record<LoyaltyReward['status'], (reward: LoyaltyReward) => { badge: string; tone: string; text: string }> = {
  available: (reward) => ({ badge: 'Available', tone: 'badge-green', text: `Free airport ride, use by ${formatBusinessDay(reward.expiresAt)}` }),
  used: (reward) => ({ badge: 'Used', tone: 'badge-gray', text: `Free airport ride earned ${formatBusinessDay(reward.earnedAt)}` }),
  expired: (reward) => ({ badge: 'Expired', tone: 'badge-gray', text: `Free airport ride, expired ${formatBusinessDay(reward.expiresAt)}` }),
};

/** A reward's line on the card: its status in words (a badge, never colour alone) and its dates. */
export const rewardLine = (reward: LoyaltyReward) => REWARD_TEXT[reward.status](reward);
