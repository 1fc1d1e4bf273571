import { useCallback, useLayoutEffect, useRef, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldMessages, type FieldMessages } from './field-messages';
import { focusFirstInvalid } from './focus-first-invalid';

/** What a form's fields are drawn from: the values, a message per invalid field, a way to change one. */
export interface FormFields<Values extends FieldValues> {
  values: Values;
  errors: FieldMessages;
  /** Changes a field (a list, like the stops, changes as a whole). */
  set: <Name extends keyof Values & string>(name: Name, value: Values[Name]) => void;
  /** Ref of the element holding the fields (the <form>): where the first invalid field is looked for. */
  ref: (element: HTMLElement | null) => void;
}

export interface SchemaForm<Values extends FieldValues, Output> extends FormFields<Values> {
  /**
   * A submit handler: checks every field with the schema; valid, `onValid` gets the parsed body
   * (trimmed, defaults applied); invalid, the messages show and the first invalid field is
   * scrolled into view and focused.
   */
  submit: (onValid: (data: Output) => unknown) => (event?: BaseSyntheticEvent) => Promise<unknown>;
  /** Checks every field and shows the messages, without moving focus: the parsed body or null. */
  validate: () => Promise<Output | null>;
  /** True from a submit until its `onValid` has finished (an awaited request included). */
  submitting: boolean;
  /** Shows the server's messages (by path) under the fields this form holds: whether any was one of them. */
  showErrors: (messages: Record<string, string>) => boolean;
}

/**
 * The one way this app runs a form: react-hook-form keeps the values and the errors, and the zod
 * resolver checks them with a contract schema, the one the gateway validates the same request
 * with, so the browser and the server agree on every rule and message.
 *
 * Messages appear on the first submit; after that a field is checked again as it changes, so a
 * fixed field clears at once. The fields are controlled components (`values` and `set`), which
 * keeps the field components free of react-hook-form: the home page draws the same fields before
 * this library has loaded (see QuickBookingCard).
 */
export function useSchemaForm<S extends z.ZodType<unknown, FieldValues>, Values extends FieldValues & z.input<S>>(
  schema: S | (() => Promise<S>),
  defaultValues: Values,
): SchemaForm<Values, z.output<S>> {
  type Output = z.output<S>;
  const resolver = useRef<Promise<Resolver<Values, unknown, Output>> | null>(null);
  const form = useForm<Values, unknown, Output>({
    // The schema and zod's resolver load with the first check, not with the page: a form on a
    // public page (the booking wizard) draws its fields without zod (contracts-lite). A failed
    // load is tried again at the next check.
    resolver: async (values, context, options) => {
      resolver.current ??= loadResolver<S, Values, Output>(schema).catch((error: unknown) => {
        resolver.current = null;
        throw error;
      });
      return (await resolver.current)(values, context, options);
    },
    defaultValues: defaultValues as DefaultValues<Values>,
    // Focus follows the screen order instead (focusFirstInvalid).
    shouldFocusError: false,
  });
  const { errors, isSubmitted, isSubmitting, submitCount } = form.formState;
  const container = useRef<HTMLElement | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    container.current = element;
  }, []);

  // react-hook-form calls onInvalid before it publishes the errors: focus moves after the render
  // that ends the submit, once the messages (and their aria-invalid) are on screen.
  const focusPending = useRef(false);
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusFirstInvalid(container.current);
  }, [submitCount]);

  return {
    values: form.watch(),
    errors: fieldMessages(errors),
    set: (name, value) =>
      form.setValue(name as string as Path<Values>, value as PathValue<Values, Path<Values>>, { shouldDirty: true, shouldValidate: isSubmitted }),
    submit: (onValid) =>
      form.handleSubmit((data) => onValid(data), () => {
        focusPending.current = true;
      }),
    validate: () =>
      new Promise((resolve) => {
        void form.handleSubmit((data) => resolve(data), () => resolve(null))();
      }),
    submitting: isSubmitting,
    showErrors: (messages) => {
      const held = Object.entries(messages).filter(([path]) => path.split('.')[0] in form.getValues());
      for (const [path, message] of held) form.setError(path as Path<Values>, { type: 'server', message });
      return held.length > 0;
    },
    ref,
  };
}

async function loadResolver<S extends z.ZodType<unknown, FieldValues>, Values extends FieldValues, Output>(
  schema: S | (() => Promise<S>),
): Promise<Resolver<Values, unknown, Output>> {
  const [{ zodResolver }, loaded] = await Promise.all([import('@hookform/resolvers/zod'), typeof schema === 'function' ? schema() : schema]);
  // The constraint on Values says the schema accepts what the fields hold.
  return zodResolver(loaded) as unknown as Resolver<Values, unknown, Output>;
}
