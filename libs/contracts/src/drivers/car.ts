import { z } from 'zod';

/*
 * The car a chauffeur drives. The fleet service's vehicles are vehicle classes (several cars
 * each: "Executive Sedan"), so a number plate cannot belong to them: the plate and the colour of
 * the car are kept on the driver ("their car"), set by an admin, and the tracking page shows
 * "<colour> <vehicle class> · <plate>" with the driver's photo.
 */

export const VEHICLE_COLOURS = ['Black', 'White', 'Silver', 'Gray', 'Blue', 'Red', 'Green', 'Brown', 'Gold', 'Beige', 'Burgundy'] as const;

/** A car's colour: one of a fixed list, so the admin's select and the server agree. */
export const VehicleColour = z.enum(VEHICLE_COLOURS, { error: `Colour must be one of ${VEHICLE_COLOURS.join(', ')}` });
export type VehicleColour = z.infer<typeof VehicleColour>;

export const PLATE_MESSAGE = 'Plate must be 1 to 8 letters or digits, with at most one space or hyphen between them';

/**
 * A US number plate as stored: upper case, 1 to 8 characters in all, letters and digits with at
 * most one space or hyphen between two of them ("7ABC123", "ABC-1234", "LIMO 1"). Typed lower case
 * it is upper-cased; anything else (symbols, two separators, a separator at an end) is refused.
 * The same rule is a CHECK on drivers.vehicle_plate.
 */
export const VehiclePlate = z
  .string({ error: PLATE_MESSAGE })
  .trim()
  .toUpperCase()
  .max(8, PLATE_MESSAGE)
  .regex(/^[A-Z0-9]+(?:[ -][A-Z0-9]+)?$/, PLATE_MESSAGE);

/** The plate as the admin's Edit sends it: empty (or null) clears it. */
export const PlateChange = z
  .string({ error: PLATE_MESSAGE })
  .trim()
  .toUpperCase()
  .max(8, PLATE_MESSAGE)
  .regex(/^(?:[A-Z0-9]+(?:[ -][A-Z0-9]+)?)?$/, PLATE_MESSAGE)
  .transform((plate) => plate || null)
  .nullable();

/** The colour as the admin's Edit sends it: empty (or null) clears it. */
export const ColourChange = z.preprocess((colour) => (colour === '' ? null : colour), VehicleColour.nullable());

/** Largest photo the admin may upload (spec issue: "over 5 MB: clear 4xx, nothing stored"). */
export const DRIVER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The stored photo's side: square, cropped to cover, JPEG. */
export const DRIVER_PHOTO_SIZE = 256;

export const DRIVER_PHOTO_MESSAGES = {
  tooLarge: 'Photo must be at most 5 MB',
  notAnImage: 'Photo must be a JPEG, PNG or WebP image',
  none: 'This driver has no photo',
} as const;
