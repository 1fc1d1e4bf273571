-- Hand-written (Prisma's schema cannot express an index on an expression): a signed-in
-- customer's account lists every booking made with their email, in any case it was typed.
CREATE INDEX "bookings_email_lower_idx" ON "bookings" (lower("email"));
