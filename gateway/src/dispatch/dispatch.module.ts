import { Module } from '@nestjs/common';
import { AdminDispatchController } from './admin-dispatch.controller.js';
import { DispatchBoardController } from './dispatch-board.controller.js';

/** Assigning a driver to a ride, withdrawing it, a ride's timeline, and the dispatch board. */
@Module({
  controllers: [AdminDispatchController, DispatchBoardController],
})
export class DispatchModule {}
