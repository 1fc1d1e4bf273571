import { z } from 'zod';

/**
 * A contract schema read from what a form's fields hold. `toInput` turns the field values into
 * the body the schema checks (a one-way ride without the hours its hidden field still holds,
 * blank stops left out); the issues keep their field paths, so each message lands under its
 * field.
 */
export function formSchema<Values, S extends z.ZodType>(schema: S, toInput: (values: Values) => z.input<S>): z.ZodType<z.output<S>, Values> {
  return z.preprocess((values) => toInput(values as Values), schema) as unknown as z.ZodType<z.output<S>, Values>;
}
