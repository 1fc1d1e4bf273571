import { Module } from '@nestjs/common';
import { AdminDispatchController } from './admin-dispatch.controller.js';

/** Assigning a driver to a ride, withdrawing it, and a ride's timeline. */
@Module({
  controllers: [AdminDispatchController],
})
export class DispatchModule {}
