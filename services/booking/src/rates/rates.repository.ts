import { Injectable } from '@nestjs/common';
import { RateTable, type RateChange } from '@limo/contracts';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';

export interface TableInForce {
  table: RateTable;
  /** 0 before the first version is stored. */
  version: number;
}

const HISTORY = 50;

/** The rate table's versions: the newest in force, every one kept with who saved it and when. */
@Injectable()
export class RatesRepository {
  constructor(private readonly db: PrismaClient) {}

  async inForce(): Promise<TableInForce | null> {
    const row = await this.db.rateTableVersion.findFirst({ orderBy: { version: 'desc' } });
    return row ? { table: RateTable.parse(row.table), version: row.version } : null;
  }

  /** A stored version of the table; null when there is none by that number (version 0: the defaults). */
  async version(version: number): Promise<TableInForce | null> {
    const row = await this.db.rateTableVersion.findUnique({ where: { version } });
    return row ? { table: RateTable.parse(row.table), version: row.version } : null;
  }

  /** Stores a version; false when that version number is taken (another save came first). */
  async save(tx: Prisma.TransactionClient, version: number, table: RateTable, changedBy: string, summary: string[]): Promise<boolean> {
    const { count } = await tx.rateTableVersion.createMany({ data: [{ version, table, changedBy, summary }], skipDuplicates: true });
    return count === 1;
  }

  async history(): Promise<RateChange[]> {
    const rows = await this.db.rateTableVersion.findMany({ orderBy: { version: 'desc' }, take: HISTORY, select: { version: true, changedAt: true, changedBy: true, summary: true } });
    return rows.map((r) => ({ id: r.version, changedAt: r.changedAt.toISOString(), changedBy: r.changedBy, summary: r.summary }));
  }
}
