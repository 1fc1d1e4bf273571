import { Injectable } from '@nestjs/common';
import { bookingEvents, type Actor, type RatesUpdate } from '@limo/contracts';
import { badRequest, conflict } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { FleetVehicles } from '../../fleet/fleet-vehicles.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { RateZones } from '../rate-zones.js';
import { RatesRepository } from '../rates.repository.js';
import { RateTableInForce } from '../rate-table.js';
import { describeChanges } from './rate-changes.js';

const RATES_MESSAGES = {
  stale: 'The rates were changed by someone else since you opened them: reload and make your change again',
  unchanged: 'Nothing to save: the rates are as they were',
} as const;

/**
 * The admin saves a new version of the whole table, made from the version they edited: its
 * number is taken by the first save, so a second admin's save from the same version is refused
 * (409) instead of silently undoing the first. The version, its summary and a `ratesChanged`
 * event commit together; every replica's copy of the table and the gateway's price guide drop on
 * that event. Bookings keep the quote they were made with.
 */
@Injectable()
export class UpdateRates {
  constructor(
    private readonly outbox: Outbox,
    private readonly rates: RatesRepository,
    private readonly inForce: RateTableInForce,
    private readonly zones: RateZones,
    private readonly fleet: FleetVehicles,
  ) {}

  async execute({ table, version, note }: RatesUpdate, actor: Actor): Promise<void> {
    const unknown = table.zoneFares.flatMap((f) => [f.from, f.to]).find((id) => !this.zones.byId(id));
    if (unknown) throw badRequest(`Unknown zone: ${unknown}`);
    const vehicles = await this.fleet.list();
    const missing = table.vehicles.find((v) => !vehicles.some((f) => f.id === v.vehicleId));
    if (missing) throw badRequest(`Unknown vehicle: ${missing.vehicleId}`);
    this.inForce.drop();
    const current = await this.inForce.get();
    if (current.version !== version) throw conflict(RATES_MESSAGES.stale);
    const names = { vehicle: (id: number) => vehicles.find((v) => v.id === id)?.name ?? `Vehicle ${id}`, zone: (id: string) => this.zones.byId(id)?.name ?? id };
    const summary = describeChanges(current.table, table, names);
    if (summary.length === 0) throw badRequest(RATES_MESSAGES.unchanged);
    if (note) summary.push(`Note: ${note}`);
    const changedBy = actor.name ?? actor.kind;
    const next = version + 1;
    await this.outbox.transaction(async (tx: Prisma.TransactionClient, events) => {
      if (!(await this.rates.save(tx, next, table, changedBy, summary))) throw conflict(RATES_MESSAGES.stale);
      await events.append(bookingEvents.ratesChanged, `rates-${next}`, { version: next, changedBy, summary });
    });
    this.inForce.drop();
  }
}
