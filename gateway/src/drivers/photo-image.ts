import sharp from 'sharp';
import { DRIVER_PHOTO_MESSAGES, DRIVER_PHOTO_SIZE } from '@limo/contracts';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A 5 MB PNG can claim 30000x30000 pixels: decoding stops past this many (a phone photo has 12-50 million). */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * The admin's upload as the stored photo: decoded (so a file that only claims to be an image is
 * refused, whatever its Content-Type said), turned upright by its EXIF orientation, cropped to a
 * centred square and scaled to DRIVER_PHOTO_SIZE, flattened on white (a transparent PNG), JPEG.
 * sharp writes no metadata, so a phone photo's EXIF (its GPS position) is not kept.
 *
 * Done in the gateway rather than the drivers service: an upload may be 5 MB and NATS carries
 * 1 MB a message by default, while the result is a few dozen kB.
 */
export async function squareJpeg(upload: Buffer): Promise<Buffer> {
  const notAnImage = () => new HttpExceptionWithHeaders(415, DRIVER_PHOTO_MESSAGES.notAnImage, {});
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
    return await image
      .rotate()
      .resize(DRIVER_PHOTO_SIZE, DRIVER_PHOTO_SIZE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof HttpExceptionWithHeaders) throw error;
    // sharp's own words ("Input buffer contains unsupported image format", a truncated file, too many pixels).
    throw notAnImage();
  }
}
