import { Module } from '@nestjs/common';
import { AdminMessagesController } from './admin-messages.controller.js';

/** Customer messages that did not go out, for staff. */
@Module({
  controllers: [AdminMessagesController],
})
export class NotificationsModule {}
