import { BadRequestException } from '@nestjs/common';
import { describeZodError, IdempotencyKey } from '@limo/contracts';

/** The Idempotency-Key header checked against the contract (a clear 400), or undefined without one. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = IdempotencyKey.safeParse(header);
  if (!key.success) throw new BadRequestException({ statusCode: 400, message: describeZodError(key.error).message });
  return key.data;
}
