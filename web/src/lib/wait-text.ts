import type { MeasuredWait } from '@limo/contracts/booking/dispatch';

/** "75 min (60 free): 15 min charged, $25.00" for a measured wait; "20 min (60 free)" when none is charged. */
export function waitText(wait: MeasuredWait): string {
  const head = `${wait.minutes} min (${wait.freeMinutes} free)`;
  return wait.chargedMinutes > 0 ? `${head}: ${wait.chargedMinutes} min charged, $${wait.charge}` : head;
}
