import 'reflect-metadata';
import { bootstrapService } from '@limo/service-runtime';
import { NotificationsModule } from './notifications.module.js';

await bootstrapService(NotificationsModule, { handleSignals: true });
