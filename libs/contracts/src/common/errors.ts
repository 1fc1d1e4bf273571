import { z } from 'zod';

/** Body of every API error: the client shows "<status>: <body text>" (spec section 8). */
/** One field's problem: its path in the body (`luggage`, `returnTrip.pickupDate`) and what is wrong. */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export const ApiErrorBody = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(FieldError).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Flattens zod issues into `path: message` pairs, with the first message as the summary. */
export function describeZodError(error: z.ZodError): { message: string; errors: { path: string; message: string }[] } {
  const errors = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = errors[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
  return { message, errors };
}
