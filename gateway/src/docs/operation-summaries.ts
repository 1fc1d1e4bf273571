/**
 * One line per operation for the OpenAPI document (`summary`), keyed by `METHOD path` as the route
 * table has it. A route without one fails `npm run lint:api` (Redocly's operation-summary rule).
 */
export const OPERATION_SUMMARIES: Readonly<Record<string, string>> = {
  // Public: the booking wizard, quotes and the customer's own booking.
  'GET /api/address-autocomplete': 'Suggest Southern California addresses for a typed place',
  'GET /api/vehicles': 'List the fleet with rates and capacities',
  'GET /api/price-guide': 'Show the price guide built from the rate table',
  'GET /api/track/photo': "Show the chauffeur's photo to the ride's tracking link",
  'GET /api/map': 'Show where the maps take their tiles from (none: the offline basemap)',
  'POST /api/quotes': 'Quote a ride in every vehicle that fits it',
  'POST /api/bookings': 'Book a ride (an Idempotency-Key makes a retry safe)',
  'POST /api/trips': 'Book a round trip as two linked rides',
  'POST /api/bookings/lookup': 'Show a customer their booking (reference and contact, or the signed manage link)',
  'POST /api/bookings/cancel': "Cancel a customer's own booking (reference and contact, or the signed manage link)",
  'GET /api/track': 'Follow a ride through its signed tracking link',
  'GET /api/track/stream': "Stream a ride's progress and the chauffeur's position (server-sent events)",
  'POST /api/register-driver': 'Apply to drive (public driver registration)',

  // Admin: bookings and dispatch.
  'GET /api/bookings': 'List bookings (admin)',
  'GET /api/bookings/pending': 'List the pending booking requests (admin)',
  'PATCH /api/bookings/{id}': 'Edit a booking or move its status (admin)',
  'GET /api/admin/bookings': 'Search, filter and page through bookings (admin)',
  'POST /api/admin/bookings/{id}/assign': 'Offer a ride to a driver, who must answer by the deadline',
  'GET /api/admin/bookings/{id}/driver-options': 'List the drivers who could take a ride, and why others cannot',
  'GET /api/admin/bookings/{id}/timeline': "Show a booking's history",
  'GET /api/admin/dispatch': "Show a day's dispatch board: its rides' blocks and the drivers",
  'POST /api/admin/bookings/{id}/withdraw': 'Withdraw an unanswered offer from its driver',
  'POST /api/admin/bookings/{id}/settlement': "Approve a completed ride's final price, or adjust it with a reason (sends the receipt)",
  'GET /api/admin/stream': 'Stream booking and driver changes to the admin pages (server-sent events)',

  // Admin: drivers, fleet and rates.
  'GET /api/drivers': 'List drivers (admin)',
  'GET /api/drivers/locations': "Show on-duty drivers' last known positions (admin)",
  'GET /api/admin/drivers/{id}': 'Show a driver with their totals (admin)',
  'PATCH /api/admin/drivers/{id}': "Edit a driver's details and their car's plate and colour (admin)",
  'PUT /api/drivers/{id}/photo': "Upload a driver's photo, resized to a square JPEG (admin)",
  'GET /api/drivers/{id}/photo': "Show a driver's photo (admin)",
  'DELETE /api/drivers/{id}/photo': "Remove a driver's photo (admin)",
  'POST /api/admin/drivers/{id}/reset-password': 'Give a driver a new temporary password (admin)',
  'POST /api/admin/drivers/{id}/toggle-duty': 'Put a driver on or off duty (admin)',
  'POST /api/admin/vehicles': 'Add a vehicle to the fleet (admin)',
  'PATCH /api/admin/vehicles/{id}': 'Edit a vehicle (admin)',
  'GET /api/admin/rates': 'Show the rate table with its history (admin)',
  'PUT /api/admin/rates': 'Replace the rate table (admin)',
  'POST /api/admin/rates/preview': 'Preview prices under a changed rate table without saving it (admin)',
  'PUT /api/admin/flights/{flightNumber}/delay': "Set a flight's what-if delay for the simulated flight-status provider (admin)",

  // Admin: figures and operations.
  'GET /api/admin/stats': "Dashboard figures: today's and pending bookings, drivers, revenue (admin)",
  'GET /api/admin/notifications': 'Count and list what needs the admin: unanswered requests and alerts',
  'GET /api/admin/revenue/daily': 'Revenue per day (admin)',
  'GET /api/admin/revenue/monthly': 'Revenue per month (admin)',
  'GET /api/admin/revenue/summary': 'Revenue totals for the chosen period (admin)',
  'GET /api/admin/reports': 'Report figures for a period (admin)',
  'GET /api/admin/reports/{file}': 'Download a report as CSV (admin)',
  'GET /api/admin/messages/failed': 'List customer messages that could not be delivered (admin)',
  'GET /api/admin/dead-letters': 'List events that failed their contract and were set aside (admin)',

  // Drivers: session and the driver portal.
  'POST /api/drivers/login': 'Sign a driver in (sets the session cookie)',
  'POST /api/drivers/logout': "End the driver's session",
  'GET /api/drivers/current': 'Show the signed-in driver',
  'POST /api/drivers/current/password': "Change the signed-in driver's password",
  'POST /api/drivers/current/toggle-duty': 'Go on or off duty',
  'POST /api/drivers/current/location': "Report the driver's position",
  'GET /api/drivers/current/bookings': "List the driver's rides and offers",
  'GET /api/drivers/current/ended-offers': "List the driver's offers that ended unanswered in the last 12 hours",
  'GET /api/drivers/current/shift': "Show the driver's current shift",
  'GET /api/drivers/current/revenue/weekly': "The driver's earnings per week",
  'GET /api/drivers/current/revenue/monthly': "The driver's earnings per month",
  'GET /api/drivers/current/stream': "Stream the driver's offers and ride changes (server-sent events)",
  'GET /api/bookings/week-outlook': "Show the driver's rides for the coming week",
  'POST /api/bookings/{id}/accept': 'Accept a ride offer',
  'POST /api/bookings/{id}/decline': 'Decline a ride offer',
  'POST /api/bookings/{id}/deny': 'Decline a ride offer (the same as decline)',
  'PUT /api/bookings/{id}/driver-status': "Report a ride's progress (en route, arrived, in progress, completed with its extras)",

  // Operations and the documents themselves.
  'GET /api/health': 'Health of the gateway, the services and the event pipeline',
  'GET /api/health/live': 'Liveness: the gateway process answers',
  'GET /api/health/ready': 'Readiness: the gateway reaches NATS and Redis',
  'GET /metrics': 'Prometheus metrics of the gateway',
  'GET /api/openapi.json': 'This document (OpenAPI 3.1)',
  'GET /api/asyncapi.json': 'The NATS subjects between the services (AsyncAPI 3.0)',
};
