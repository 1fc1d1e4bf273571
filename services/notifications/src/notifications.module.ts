import { fileURLToPath } from 'node:url';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceRuntimeModule, type Env } from '@limo/service-runtime';
import { PrismaClient } from './generated/prisma/client.js';
import { MessagesHandlers } from './admin/messages.handlers.js';
import { BookingEventsHandlers } from './bookings/booking-events.handlers.js';
import { ChauffeurDirectory } from './bookings/chauffeur-directory.js';
import { CustomerBookingsRepository } from './bookings/customer-bookings.repository.js';
import { NotifyCustomer } from './bookings/notify-customer.use-case.js';
import { MessageSender } from './delivery/message-sender.js';
import { DriverEventsHandlers } from './drivers/driver-events.handlers.js';
import { NotifyDriver } from './drivers/notify-driver.use-case.js';
import { Transports } from './delivery/transports.js';
import { CustomerLinks } from './messages/customer-links.js';
import { OutgoingMessagesRepository } from './messages/outgoing-messages.repository.js';
import { QueueMessages } from './messages/queue-messages.js';
import { NotificationsConfig } from './notifications.config.js';
import { ReconcileReminders } from './reminders/reconcile-reminders.use-case.js';
import { REMINDERS_QUEUE } from './reminders/reminder-queue.js';
import { ReminderSchedule } from './reminders/reminder-schedule.js';
import { ReminderReconcileSchedule, ReminderWorker } from './reminders/reminder.jobs.js';
import { SendReminder } from './reminders/send-reminder.use-case.js';
import { SignInCodeHandlers } from './sign-in/sign-in-code.handlers.js';
import { CompanyEventsHandlers } from './statements/company-events.handlers.js';
import { SendStatement } from './statements/send-statement.use-case.js';

export const NOTIFICATIONS_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * The notifications service: customer messages (email, and SMS for those who asked) as effects
 * of booking and dispatch events, each sent at most once, the pickup reminders, and the few
 * emails to drivers that drivers' events call for, the companies' monthly statements; and the
 * customers' sign-in codes, sent at once.
 */
@Module({})
export class NotificationsModule {
  static forRoot(env: Env): DynamicModule {
    const config = NotificationsConfig.parse(env);
    return {
      module: NotificationsModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: 'notifications', config, database: PrismaClient, migrationsDir: NOTIFICATIONS_MIGRATIONS }),
        BullModule.registerQueue({ name: REMINDERS_QUEUE }),
      ],
      controllers: [BookingEventsHandlers, DriverEventsHandlers, CompanyEventsHandlers, MessagesHandlers, SignInCodeHandlers],
      providers: [
        { provide: Transports, inject: [SERVICE_CONFIG], useFactory: (c: NotificationsConfig) => new Transports(c) },
        CustomerBookingsRepository,
        OutgoingMessagesRepository,
        ChauffeurDirectory,
        CustomerLinks,
        QueueMessages,
        NotifyCustomer,
        NotifyDriver,
        SendStatement,
        ReminderSchedule,
        SendReminder,
        ReconcileReminders,
        ReminderReconcileSchedule,
        ReminderWorker,
        MessageSender,
      ],
    };
  }
}
