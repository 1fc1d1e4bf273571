import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { driversRpc, type Driver } from '@limo/contracts';
import { ServicesClient } from '../messaging/services.client.js';
import { squareJpeg } from './photo-image.js';

/** A stored driver photo: the square JPEG and its version (its ETag). */
export interface StoredPhoto {
  jpeg: Buffer;
  version: string;
}

/**
 * Drivers' photos: the admin's upload resized here and stored by the drivers service, and the
 * stored JPEG for whoever may see it (the admin's pages; a customer's tracking page, for the
 * chauffeur of their ride).
 */
@Injectable()
export class DriverPhotos {
  constructor(private readonly services: ServicesClient) {}

  async upload(driverId: number, upload: Buffer): Promise<Driver> {
    const jpeg = await squareJpeg(upload);
    return this.services.call(driversRpc.setPhoto, { id: driverId, jpeg: jpeg.toString('base64') });
  }

  remove(driverId: number): Promise<Driver> {
    return this.services.call(driversRpc.removePhoto, { id: driverId });
  }

  /** The driver's photo, or null without one (a 404 error for a driver that does not exist). */
  async driverPhoto(driverId: number): Promise<StoredPhoto | null> {
    const photo = await this.services.call(driversRpc.photo, { id: driverId });
    return photo && { jpeg: Buffer.from(photo.jpeg, 'base64'), version: photo.version };
  }
}

/**
 * Answers with the photo and its ETag (the gateway's ETag hook then answers 304 to a browser that
 * has it). `cacheControl`: `private, no-cache` for the admin (revalidated, never shared).
 */
export function sendPhoto(reply: FastifyReply, photo: StoredPhoto, cacheControl: string): void {
  reply.header('Content-Type', 'image/jpeg');
  reply.header('ETag', `"${photo.version}"`);
  reply.header('Cache-Control', cacheControl);
  reply.code(200).send(photo.jpeg);
}
