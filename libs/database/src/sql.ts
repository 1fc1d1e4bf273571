/** The raw-SQL surface of a Prisma client or interactive transaction that these helpers need. */
export interface SqlExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export interface TransactionalDb extends SqlExecutor {
  // Prisma's own signature is overloaded; this is the interactive form.
  $transaction<R>(fn: (tx: any) => Promise<R>, options?: { timeout?: number; maxWait?: number }): Promise<R>;
}
