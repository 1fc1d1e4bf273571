import { type DynamicModule, Module } from '@nestjs/common';
import { healthController, RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { BookingDb } from './booking.db.js';

@Module({})
export class BookingModule {
  static register(runtime: ServiceRuntime<BookingDb>): DynamicModule {
    return {
      module: BookingModule,
      controllers: [healthController('booking')],
      providers: [{ provide: RUNTIME, useValue: runtime }],
    };
  }
}
