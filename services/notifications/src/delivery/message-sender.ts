import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG, SERVICE_IDENTITY, type ServiceIdentity } from '@limo/service-runtime';
import type { OutgoingMessage } from '../generated/prisma/client.js';
import { OutgoingMessagesRepository, type StoredAttachment } from '../messages/outgoing-messages.repository.js';
import type { NotificationsConfig } from '../notifications.config.js';
import { asDeliveryError } from './delivery-error.js';
import { maskPhone } from './sms-transport.js';
import { Transports } from './transports.js';

const RETRY_CEILING_MS = 30 * 60_000;
const SHUTDOWN_GRACE_MS = 5_000;
const INTERRUPTED =
  'Interrupted while sending: it may have been delivered, so it is not sent again. Check with the customer.';

/** Delay before attempt `attempts + 1`: the base, doubled per attempt, up to 30 minutes. */
export const retryDelay = (baseMs: number, attempts: number) => Math.min(RETRY_CEILING_MS, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the queued customer messages, at most once each.
 *
 * Every replica runs this loop. A message is claimed (status `sending`, committed), then handed
 * to the provider, then marked `sent`. If the process dies between the hand-over and the mark,
 * we cannot tell whether the customer got it: SMTP and SMS providers take no idempotency key
 * we could ask about afterwards. We choose at most once: a claim older than
 * MESSAGE_SEND_LEASE_MS is marked `failed` (never retried) and shown to the admin, who can call
 * the customer. A duplicate confirmation or "on the way" text is worse for a luxury service than
 * a message staff follow up on, and this window (a crash inside one send) is small. Failures the
 * provider reports before taking the message (refused connection, a 4xx/5xx reply) are retried
 * with backoff, then marked failed.
 */
@Injectable()
export class MessageSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('MessageSender');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Test seam: runs after a provider took a message and before it is marked sent (a crash there). */
  afterSend?: (message: OutgoingMessage) => Promise<void>;

  constructor(
    private readonly messages: OutgoingMessagesRepository,
    private readonly transports: Transports,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
    @Inject(SERVICE_IDENTITY) private readonly identity: ServiceIdentity,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // Sends in flight get a moment to finish; one that does not is left `sending` (see above).
    await Promise.race([this.running, new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
    this.transports.email.close();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sendDue()
        .catch((error: Error) => this.log.warn(`sending paused: ${error.message}`))
        .finally(() => this.schedule());
    }, this.config.MESSAGE_POLL_MS);
  }

  /** One round: give up on interrupted claims, then send what is due. */
  async sendDue(): Promise<void> {
    const interrupted = await this.messages.failInterrupted(this.config.MESSAGE_SEND_LEASE_MS, INTERRUPTED);
    if (interrupted > 0) this.log.warn(`${interrupted} message(s) interrupted mid-send marked failed, not resent`);
    while (!this.stopped) {
      // Claimed one by one as each is sent: a crash or a stop leaves at most the message being
      // sent in doubt, and the rest pending for any replica.
      const message = await this.messages.claimNext(this.identity.instance);
      if (!message) return;
      await this.deliver(message);
    }
  }

  private async deliver(message: OutgoingMessage): Promise<void> {
    let providerId: string;
    try {
      ({ providerId } = await this.handOver(message));
    } catch (error) {
      await this.recordFailure(message, error);
      return;
    }
    await this.afterSend?.(message);
    await this.messages.markSent(message.id, providerId);
  }

  private handOver(message: OutgoingMessage): Promise<{ providerId: string }> {
    if (message.channel === 'sms') return this.transports.sms.send({ id: message.id, to: message.recipient, body: message.bodyText });
    return this.transports.email.send({
      id: message.id,
      from: this.transports.from,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.bodyText,
      html: message.bodyHtml ?? '',
      attachments: ((message.attachments ?? []) as unknown as StoredAttachment[]).map(({ filename, contentType, contentBase64 }) => ({
        filename,
        contentType,
        content: Buffer.from(contentBase64, 'base64'),
      })),
    });
  }

  private async recordFailure(message: OutgoingMessage, error: unknown): Promise<void> {
    const failure = asDeliveryError(error);
    const to = message.channel === 'sms' ? maskPhone(message.recipient) : message.bookingId === null ? message.reference : `booking ${message.reference}`;
    if (failure.mayHaveBeenDelivered) {
      this.log.error(`${message.kind} ${message.channel} to ${to} may have been delivered; not retried: ${failure.message}`);
      await this.messages.markFailed(message.id, `${INTERRUPTED} (${failure.message})`);
    } else if (message.attempts >= this.config.MESSAGE_MAX_ATTEMPTS) {
      this.log.error(`${message.kind} ${message.channel} to ${to} failed after ${message.attempts} attempts: ${failure.message}`);
      await this.messages.markFailed(message.id, failure.message);
    } else {
      const at = new Date(Date.now() + retryDelay(this.config.MESSAGE_RETRY_BASE_MS, message.attempts));
      this.log.warn(`${message.kind} ${message.channel} to ${to} failed (attempt ${message.attempts}), retrying at ${at.toISOString()}: ${failure.message}`);
      await this.messages.retryLater(message.id, at, failure.message);
    }
  }
}
