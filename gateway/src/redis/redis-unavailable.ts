import { HttpException } from '@nestjs/common';

/**
 * Runs Redis work whose failure means "try again shortly" to the client, not a bug: any error
 * (connection refused, the retry limit, a closed connection) becomes a 503 with `message` in the
 * API's error format instead of an unexpected 500. HttpExceptions pass through unchanged.
 */
export async function unlessRedisIsDown<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpException) throw error;
    throw new HttpException({ statusCode: 503, message }, 503);
  }
}
