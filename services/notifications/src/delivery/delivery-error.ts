/**
 * A send that did not go through. `mayHaveBeenDelivered` says whether the provider could have
 * taken the message anyway (the connection broke after the message was handed over, a timeout
 * waiting for the answer): such a message is never retried, so nobody gets it twice.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly mayHaveBeenDelivered: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Any other error from a transport: we cannot know how far it got, so the worst is assumed. */
export function asDeliveryError(error: unknown): DeliveryError {
  return error instanceof DeliveryError ? error : new DeliveryError((error as Error)?.message ?? String(error), true);
}
