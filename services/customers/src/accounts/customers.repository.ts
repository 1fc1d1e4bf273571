import { Injectable } from '@nestjs/common';
import type { Customer as CustomerRow } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';

export interface Customer {
  id: number;
  email: string;
  name: string | null;
  phone: string | null;
  createdAt: string;
}

export const toCustomer = (row: Pick<CustomerRow, 'id' | 'email' | 'name' | 'phone' | 'createdAt'>): Customer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  phone: row.phone,
  createdAt: row.createdAt.toISOString(),
});

/** Reads and writes of the customer accounts. */
@Injectable()
export class CustomersRepository {
  /**
   * The email's account, made if it has none; `created` says which. ON CONFLICT, so two first
   * sign-ins at once (two devices) make one account.
   */
  async findOrCreate(tx: CustomersTx, email: string): Promise<{ customer: Customer; created: boolean }> {
    const inserted = await tx.$queryRaw<{ id: number }[]>`INSERT INTO customers (email) VALUES (${email}) ON CONFLICT (email) DO NOTHING RETURNING id`;
    const row = await tx.customer.findUniqueOrThrow({ where: { email } });
    return { customer: toCustomer(row), created: inserted.length > 0 };
  }
}
