/** Whether an event is too old to message anyone about now (MESSAGE_MAX_EVENT_AGE_MINUTES): a consumer reading old history must not mail about the past. */
export const tooOldToTell = (occurredAt: string, maxMinutes: number, now = Date.now()) => now - Date.parse(occurredAt) > maxMinutes * 60_000;
