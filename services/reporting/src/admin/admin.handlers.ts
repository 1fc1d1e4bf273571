import { Controller } from '@nestjs/common';
import { adminRpc } from '@limo/contracts';
import { OnRpc, RpcClient, type RpcRequest } from '@limo/messaging';
import { ChangeAnnouncer } from '@limo/service-runtime';
import { PrismaClient } from '../generated/prisma/client.js';
import { rebuildProjections } from '../projections/projection-rebuild.js';
import { adminReports, reportCsv } from '../reports/reports.js';
import { adminNotifications, adminStats, dailyRevenue, monthlyRevenue, revenueSummary } from './admin-queries.js';

/** The admin back office's reads, all from the projections, and the rebuild command. */
@Controller()
export class AdminHandlers {
  constructor(
    private readonly db: PrismaClient,
    private readonly rpc: RpcClient,
    private readonly changes: ChangeAnnouncer,
  ) {}

  @OnRpc(adminRpc.stats)
  stats() {
    return adminStats(this.db);
  }

  @OnRpc(adminRpc.notifications)
  notifications() {
    return adminNotifications(this.db);
  }

  @OnRpc(adminRpc.dailyRevenue)
  daily(query: RpcRequest<typeof adminRpc.dailyRevenue>) {
    return dailyRevenue(this.db, query);
  }

  @OnRpc(adminRpc.monthlyRevenue)
  monthly(query: RpcRequest<typeof adminRpc.monthlyRevenue>) {
    return monthlyRevenue(this.db, query);
  }

  @OnRpc(adminRpc.revenueSummary)
  summary() {
    return revenueSummary(this.db);
  }

  @OnRpc(adminRpc.reports)
  reports() {
    return adminReports(this.db);
  }

  @OnRpc(adminRpc.reportCsv)
  csv({ report }: RpcRequest<typeof adminRpc.reportCsv>) {
    return reportCsv(this.db, report);
  }

  @OnRpc(adminRpc.rebuildProjections)
  async rebuild() {
    const result = await rebuildProjections(this.db, this.rpc);
    this.changes.announce();
    return result;
  }
}
