import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { adminRpc, type RpcResponseOf } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { ReportingDb } from '../reporting.db.js';
import { rebuildProjections } from '../projections/projection-rebuild.js';
import { adminReports, reportCsv } from '../reports/reports.js';
import { adminNotifications, adminStats, dailyRevenue, monthlyRevenue, revenueSummary } from './admin-queries.js';

type Req<K extends keyof typeof adminRpc> = z.output<(typeof adminRpc)[K]['request']>;
type Res<K extends keyof typeof adminRpc> = Promise<RpcResponseOf<(typeof adminRpc)[K]>>;

/** The admin back office's reads, all from the projections, and the rebuild command. */
@Controller()
export class AdminHandlers {
  private readonly db: ReportingDb;
  private readonly rpc: RpcClient;

  constructor(@Inject(RUNTIME) runtime: ServiceRuntime<ReportingDb>) {
    this.db = runtime.db;
    this.rpc = new RpcClient(runtime.nc, { prefix: runtime.config.NATS_PREFIX });
  }

  @MessagePattern(adminRpc.stats.subject)
  stats(): Res<'stats'> {
    return adminStats(this.db);
  }

  @MessagePattern(adminRpc.notifications.subject)
  notifications(): Res<'notifications'> {
    return adminNotifications(this.db);
  }

  @MessagePattern(adminRpc.dailyRevenue.subject)
  daily(query: Req<'dailyRevenue'>): Res<'dailyRevenue'> {
    return dailyRevenue(this.db, query);
  }

  @MessagePattern(adminRpc.monthlyRevenue.subject)
  monthly(query: Req<'monthlyRevenue'>): Res<'monthlyRevenue'> {
    return monthlyRevenue(this.db, query);
  }

  @MessagePattern(adminRpc.revenueSummary.subject)
  summary(): Res<'revenueSummary'> {
    return revenueSummary(this.db);
  }

  @MessagePattern(adminRpc.reports.subject)
  reports(): Res<'reports'> {
    return adminReports(this.db);
  }

  @MessagePattern(adminRpc.reportCsv.subject)
  csv({ report }: Req<'reportCsv'>): Res<'reportCsv'> {
    return reportCsv(this.db, report);
  }

  @MessagePattern(adminRpc.rebuildProjections.subject)
  rebuild(): Res<'rebuildProjections'> {
    return rebuildProjections(this.db, this.rpc);
  }
}
