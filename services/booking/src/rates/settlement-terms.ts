import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_DRIVER_SHARES, type DriverShares, type Money } from '@limo/contracts';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { RateTableInForce } from './rate-table.js';

export interface Terms {
  /** The driver's share of the quote's base and add-ons (DRIVER_BASE_SHARE_PERCENT). */
  baseSharePercent: number;
  /** The rate table's shares of the wait and the extras. */
  shares: DriverShares;
  /** The most one extra may be (EXTRA_CHARGE_CAP). */
  extraCap: Money;
}

/** What a settlement is made by: the configured share and cap, and the rate table in force's shares. */
@Injectable()
export class SettlementTerms {
  constructor(
    private readonly tables: RateTableInForce,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async get(): Promise<Terms> {
    const { table } = await this.tables.get();
    return { baseSharePercent: this.config.DRIVER_BASE_SHARE_PERCENT, shares: table.driverShares ?? DEFAULT_DRIVER_SHARES, extraCap: this.config.EXTRA_CHARGE_CAP };
  }
}
