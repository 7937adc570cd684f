CREATE TABLE "room_online_seconds" (
	"room_id" text NOT NULL,
	"second" bigint NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "room_online_seconds_room_id_second_pk" PRIMARY KEY("room_id","second")
);
--> statement-breakpoint
-- Issue 17 item 4: a room's online count (viewers whose last heartbeat is in the last 60 s) is summed from
-- these per-second rows, kept by the trigger below in the transaction of the presence write that changes
-- them. Heartbeats only move a viewer's time forward (greatest() in the upsert), so a write takes its old
-- second's row lock before its new one's: rows are always locked in ascending order and writers cannot deadlock.
INSERT INTO "room_online_seconds" ("room_id", "second", "viewers")
  SELECT "room_id", floor(extract(epoch FROM "last_seen_at"))::bigint, count(*)::integer FROM "room_presence" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "room_online_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was bigint;
  now_second bigint;
  remaining integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    was := floor(extract(epoch FROM OLD."last_seen_at"))::bigint;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    now_second := floor(extract(epoch FROM NEW."last_seen_at"))::bigint;
  END IF;
  IF TG_OP = 'UPDATE' AND was = now_second AND OLD."room_id" = NEW."room_id" THEN
    RETURN NULL;
  END IF;
  IF was IS NOT NULL THEN
    UPDATE "room_online_seconds" SET "viewers" = "viewers" - 1
    WHERE "room_id" = OLD."room_id" AND "second" = was
    RETURNING "viewers" INTO remaining;
    -- An emptied second goes, so the table holds at most one row per presence row.
    IF remaining = 0 THEN
      DELETE FROM "room_online_seconds" WHERE "room_id" = OLD."room_id" AND "second" = was AND "viewers" = 0;
    END IF;
  END IF;
  IF now_second IS NOT NULL THEN
    INSERT INTO "room_online_seconds" ("room_id", "second", "viewers") VALUES (NEW."room_id", now_second, 1)
    ON CONFLICT ("room_id", "second") DO UPDATE SET "viewers" = "room_online_seconds"."viewers" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "room_presence_online_follow" AFTER INSERT OR UPDATE OR DELETE ON "room_presence" FOR EACH ROW EXECUTE FUNCTION "room_online_follow"();--> statement-breakpoint
CREATE FUNCTION "room_online_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "room_online_seconds";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "room_presence_online_truncated" AFTER TRUNCATE ON "room_presence" FOR EACH STATEMENT EXECUTE FUNCTION "room_online_truncated"();
