/** The event's target is in the toast's region (its own controls are not ones to keep clear). */
export const inToast = (target: EventTarget | null) => target instanceof Element && target.closest('.toast-viewport') !== null;
