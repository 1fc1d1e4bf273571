export { NotificationsModule, NOTIFICATIONS_MIGRATIONS } from './notifications.module.js';
export { NotificationsConfig } from './notifications.config.js';
export { reminderJobId, REMINDERS_QUEUE } from './reminders/reminder-queue.js';
