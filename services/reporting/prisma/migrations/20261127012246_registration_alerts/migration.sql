-- CreateTable
CREATE TABLE "registration_alerts" (
    "event_id" TEXT NOT NULL,
    "per_hour" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "registration_alerts_pkey" PRIMARY KEY ("event_id")
);

-- CreateIndex
CREATE INDEX "registration_alerts_at_idx" ON "registration_alerts"("at");
