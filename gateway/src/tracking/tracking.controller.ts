import { Controller, Get, Headers, Query, Req, Res, Sse } from '@nestjs/common';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { LiveUpdate, TRACKING_MESSAGES, TrackingPhotoQuery, TrackingQuery, TrackingView } from '@limo/contracts';
import { DriverPhotos, sendPhoto } from '../drivers/driver-photos.service.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
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
    private readonly photos: DriverPhotos,
  ) {}

  @Get()
  @ApiResponse(TrackingView, { description: "The chauffeur's first name, the vehicle, the ride's status and last position; 410 outside the tracking window" })
  view(@Query(new ZodValidationPipe(TrackingQuery)) { t }: TrackingQuery): Promise<TrackingView> {
    return this.tracking.view(t);
  }

  /** The chauffeur's photo while the window is open (404 without one, or once they are no longer shown). */
  @Get('photo')
  @ApiResponse(z.string(), { contentType: 'image/jpeg', description: "The chauffeur's photo, a 256 x 256 JPEG; 404 without one; 410 outside the tracking window" })
  async photo(@Query(new ZodValidationPipe(TrackingPhotoQuery)) { t }: TrackingPhotoQuery, @Res() reply: FastifyReply): Promise<void> {
    const ride = await this.tracking.openRide(t);
    const photo = ride.driverId === null ? null : await this.photos.driverPhoto(ride.driverId);
    if (!photo) throw new HttpExceptionWithHeaders(404, TRACKING_MESSAGES.noPhoto, {});
    // Its address carries its version: the browser may keep it for the ride.
    sendPhoto(reply, photo, 'private, max-age=86400');
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
