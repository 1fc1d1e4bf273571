import { Controller, Get, Headers, Query, Req, Sse } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { LiveUpdate, TrackingQuery, TrackingView } from '@limo/contracts';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { LiveUpdates, type LiveMessage } from '../live/live-updates.service.js';
import { RideTracking } from './ride-tracking.js';
import { TrackingStreams } from './tracking-streams.js';

/** The customer's live tracking page (`/track?t=<token>` from the "on the way" message). */
@Controller('api/track')
export class TrackingController {
  constructor(
    private readonly tracking: RideTracking,
    private readonly live: LiveUpdates,
    private readonly streams: TrackingStreams,
  ) {}

  @Get()
  @ApiResponse(TrackingView, { description: "The chauffeur's first name, the vehicle, the ride's status and last position; 410 outside the tracking window" })
  view(@Query(new ZodValidationPipe(TrackingQuery)) { t }: TrackingQuery): Promise<TrackingView> {
    return this.tracking.view(t);
  }

  /** "Something changed" notes for that ride and its driver's position: the page fetches the view again. */
  @Sse('stream')
  @ApiResponse(LiveUpdate, {
    contentType: 'text/event-stream',
    description: 'text/event-stream of `update` events (type and time only) while the window is open, ending when it closes; 429 past the open streams allowed per ride and per address',
  })
  async stream(
    @Query(new ZodValidationPipe(TrackingQuery)) { t }: TrackingQuery,
    @Req() req: FastifyRequest,
    @Headers('last-event-id') lastEventId?: string,
  ): Promise<Observable<LiveMessage>> {
    // Checked before the stream opens, so a closed window is a plain 410, not an open stream.
    const ride = await this.tracking.openRide(t);
    const notes = this.live.stream({ kind: 'ride', bookingId: ride.bookingId, driverId: ride.driverId }, lastEventId);
    return this.streams.open(ride.bookingId, req.ip ?? 'unknown', this.tracking.untilWindowCloses(ride, notes));
  }
}
