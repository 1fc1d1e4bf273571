import { Body, Controller, Delete, Get, Param, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Driver, DRIVER_PHOTO_MAX_BYTES, DRIVER_PHOTO_MESSAGES, type Driver as DriverView } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ADMIN_AUTH_REQUIRED } from '../auth/admin-auth.guard.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { IdParam } from '../http/id-param.js';
import { RawBody } from '../http/raw-body.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { DriverPhotos, sendPhoto } from './driver-photos.service.js';

/**
 * A driver's photo (Manage Drivers, Edit). The upload is the request body itself, the image's
 * bytes (`fetch(url, {method: 'PUT', body: file})`): one file needs no multipart parser, and the
 * gateway reads nothing but JSON elsewhere.
 */
@AdminOnly()
@Controller('api/drivers/:id/photo')
export class DriverPhotoController {
  constructor(private readonly photos: DriverPhotos) {}

  @Put()
  @RawBody({ limit: DRIVER_PHOTO_MAX_BYTES, tooLarge: DRIVER_PHOTO_MESSAGES.tooLarge, mediaType: 'image/*', unauthorized: ADMIN_AUTH_REQUIRED })
  @ApiResponse(Driver, { description: 'The driver, with the new photoVersion; 413 over 5 MB, 415 for a file that is not a JPEG, PNG or WebP image' })
  upload(@Param('id', new ZodValidationPipe(IdParam)) id: number, @Body() body: unknown): Promise<DriverView> {
    // A JSON body (read by the JSON parser, not as bytes) is not an image either.
    if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpExceptionWithHeaders(415, DRIVER_PHOTO_MESSAGES.notAnImage, {});
    return this.photos.upload(id, body);
  }

  @Delete()
  @ApiResponse(Driver, { description: 'The driver, without a photo (removing none is no error)' })
  remove(@Param('id', new ZodValidationPipe(IdParam)) id: number): Promise<DriverView> {
    return this.photos.remove(id);
  }

  @Get()
  @ApiResponse(z.string(), { contentType: 'image/jpeg', description: 'The square JPEG, with its ETag; 404 when the driver has no photo' })
  async photo(@Param('id', new ZodValidationPipe(IdParam)) id: number, @Res() reply: FastifyReply): Promise<void> {
    const photo = await this.photos.driverPhoto(id);
    if (!photo) throw new HttpExceptionWithHeaders(404, DRIVER_PHOTO_MESSAGES.none, {});
    sendPhoto(reply, photo, 'private, no-cache');
  }
}
