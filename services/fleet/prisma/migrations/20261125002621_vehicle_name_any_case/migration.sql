-- Hand-written: names that differ only by case may already exist. The oldest vehicle (lowest id)
-- keeps its name; each later one gets " (duplicate #<id>)" appended, which an admin can edit, so
-- the migration never stops a deploy on old data. Bookings refer to vehicles by id, so nothing
-- else changes. Each rename goes out as a fleet.vehicle.updated.v1 event, like an admin's edit.
WITH renamed AS (
    UPDATE "vehicles" v
    SET "name" = v."name" || ' (duplicate #' || v."id" || ')', "updated_at" = CURRENT_TIMESTAMP
    WHERE EXISTS (SELECT 1 FROM "vehicles" o WHERE lower(o."name") = lower(v."name") AND o."id" < v."id")
    RETURNING v.*
), event AS (
    SELECT gen_random_uuid() AS "event_id", r.*,
        to_char(CURRENT_TIMESTAMP AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurred_at_text"
    FROM renamed r
)
INSERT INTO "outbox_events" ("event_id", "type", "aggregate_id", "payload", "occurred_at")
SELECT e."event_id", 'fleet.vehicle.updated.v1', e."id"::text,
    jsonb_build_object(
        'eventId', e."event_id",
        'type', 'fleet.vehicle.updated.v1',
        'occurredAt', e."occurred_at_text",
        'aggregateId', e."id"::text,
        'data', jsonb_build_object(
            'id', e."id",
            'name', e."name",
            'category', e."category",
            'description', e."description",
            'capacity', e."capacity",
            'baseRate', e."base_rate"::text,
            'imageUrl', e."image_url",
            'features', to_jsonb(COALESCE(e."features", ARRAY[]::TEXT[])),
            'isActive', e."is_active"
        )
    ),
    CURRENT_TIMESTAMP
FROM event e;

-- DropIndex
DROP INDEX "vehicles_name_key";

-- Hand-written: one name whatever its case, so two admins adding "Executive Sedan" and
-- "executive sedan" at once cannot both succeed. The name keeps the case it was typed in.
CREATE UNIQUE INDEX "vehicles_name_lower_key" ON "vehicles" (lower("name"));
