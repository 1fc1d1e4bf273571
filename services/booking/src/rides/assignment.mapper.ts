import type { Assignment } from '@limo/contracts';
import type { RideAssignment } from '../generated/prisma/client.js';

/** An assignment row as its events carry it: instants as ISO. */
export function toAssignment(row: RideAssignment): Assignment {
  return {
    id: row.id,
    bookingId: row.bookingId,
    driverId: row.driverId,
    vehicleId: row.vehicleId,
    assignedAt: row.assignedAt.toISOString(),
    responseDeadline: row.responseDeadline.toISOString(),
    response: row.response as Assignment['response'],
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
  };
}
