import { Controller, Headers, Sse } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { LiveUpdate } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { CurrentDriver, DriverOnly, type SignedInDriver } from '../driver-auth/driver-only.decorator.js';
import { LiveUpdates, type LiveMessage } from './live-updates.service.js';

const DESCRIPTION = 'text/event-stream of `update` events (data: LiveUpdate JSON, id: stream position; reconnect with Last-Event-ID)';

/** The admin's live board: every ride and driver change as it happens. */
@AdminOnly()
@Controller('api/admin/stream')
export class AdminLiveController {
  constructor(private readonly live: LiveUpdates) {}

  @Sse()
  @ApiResponse(LiveUpdate, { contentType: 'text/event-stream', description: DESCRIPTION })
  stream(@Headers('last-event-id') lastEventId?: string): Observable<LiveMessage> {
    return this.live.stream({ kind: 'admin' }, lastEventId);
  }
}

/** A driver's live board: only that driver's rides. */
@DriverOnly()
@Controller('api/drivers/current/stream')
export class DriverLiveController {
  constructor(private readonly live: LiveUpdates) {}

  @Sse()
  @ApiResponse(LiveUpdate, { contentType: 'text/event-stream', description: DESCRIPTION })
  stream(@CurrentDriver() me: SignedInDriver, @Headers('last-event-id') lastEventId?: string): Observable<LiveMessage> {
    return this.live.stream({ kind: 'driver', driverId: me.driverId }, lastEventId);
  }
}
