import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { describeZodError } from '@limo/contracts';

/**
 * Validates a body, query or param with a contract schema; failures are 400s naming the field.
 * The schema is public because the OpenAPI document is generated from these same pipes.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const { message, errors } = describeZodError(result.error);
    throw new BadRequestException({ statusCode: 400, message, errors });
  }
}
