/**
 * Every subject and stream carries a prefix (`limo` in production, a random one per test run),
 * so two runs on one NATS server never see each other's messages.
 */
export const rpcSubject = (prefix: string, subject: string) => `${prefix}.rpc.${subject}`;
export const eventSubject = (prefix: string, type: string) => `${prefix}.evt.${type}`;
/**
 * Core NATS (not stored): a service's consumers committed a change to its data (a projection),
 * so a reader's cache of its answers is out of date. See ChangeAnnouncer.
 */
export const changedSubject = (prefix: string, service: string) => `${prefix}.changed.${service}`;
export const eventStreamName = (prefix: string) => `${prefix.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;

export function assertPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw new Error(`Invalid NATS prefix: ${prefix}`);
  return prefix;
}
