import { Injectable } from '@nestjs/common';
import { isVip, punchCardOf, type AccountLoyalty, type AdminCustomer } from '@limo/contracts';
import { rewardStatus } from './loyalty-rules.js';
import { LoyaltyRepository } from './loyalty.repository.js';

/** The punch cards as the account page and the admin's Customers page show them. */
@Injectable()
export class LoyaltyQueries {
  constructor(private readonly loyalty: LoyaltyRepository) {}

  async card(email: string, now = new Date()): Promise<AccountLoyalty> {
    const { rides, rewards } = await this.loyalty.cardOf(email);
    return {
      completedAirportRides: rides,
      punchCard: punchCardOf(rides),
      rewards: rewards.map((reward) => ({ earnedAt: reward.earnedAt.toISOString(), expiresAt: reward.expiresAt.toISOString(), status: rewardStatus(reward, now) })),
      vip: isVip(rides),
    };
  }

  async customers(search: string | undefined, now = new Date()): Promise<AdminCustomer[]> {
    const rows = await this.loyalty.customers(search, now);
    return rows.map((row) => ({
      email: row.email,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      completedAirportRides: row.rides,
      availableRewards: row.available,
      nextRewardExpiresAt: row.nextExpiry?.toISOString() ?? null,
      vip: isVip(row.rides),
    }));
  }
}
