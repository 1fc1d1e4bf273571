import { Controller } from '@nestjs/common';
import { customerEvents } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import type { NotificationsTx } from '../notifications.tx.js';
import { SendStatement } from './send-statement.use-case.js';

/** The customers service's events that mean an email to a company. */
@Controller()
@EventConsumer({ durable: 'notifications-customers' })
export class CompanyEventsHandlers {
  constructor(private readonly statements: SendStatement) {}

  @OnEvent(customerEvents.statementIssued)
  statementIssued(event: EventOf<typeof customerEvents.statementIssued>, ctx: EventContext<NotificationsTx>) {
    return this.statements.issued(event.data, ctx.tx);
  }
}
