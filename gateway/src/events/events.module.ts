import { Module } from '@nestjs/common';
import { DeadLettersController } from './dead-letters.controller.js';

/** The dead-lettered events, for an operator. */
@Module({
  controllers: [DeadLettersController],
})
export class EventsModule {}
