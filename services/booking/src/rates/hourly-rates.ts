import { Injectable } from '@nestjs/common';
import { FleetVehicles } from '../fleet/fleet-vehicles.js';
import { vehicleRateFor } from './quote-rides/quote-rides.use-case.js';
import { RateTableInForce } from './rate-table.js';

/** A vehicle's hourly rate as a booking's rate table version has it: what its wait is charged at. */
@Injectable()
export class HourlyRates {
  constructor(
    private readonly tables: RateTableInForce,
    private readonly fleet: FleetVehicles,
  ) {}

  /** Null when the fleet no longer has the vehicle or the table no rate for it. */
  async of(vehicleId: number, rateVersion: number | null): Promise<string | null> {
    const [{ table }, vehicle] = await Promise.all([rateVersion === null ? this.tables.get() : this.tables.at(rateVersion), this.fleet.vehicle(vehicleId)]);
    return vehicle ? (vehicleRateFor(table, vehicle)?.hourlyRate ?? null) : null;
  }
}
