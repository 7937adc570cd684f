ALTER TABLE "lives" ADD COLUMN "subscriber_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "playback_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 17: the live list reads these counts from the live's row. Existing rows are counted once here;
-- from now on triggers keep them, in the transaction of the subscription or playback that changes them
-- (the UPDATE takes the live's row lock, so concurrent writers queue and the count stays exact).
UPDATE "lives" SET
  "subscriber_count" = (SELECT count(*) FROM "subscriptions" s WHERE s."live_id" = "lives"."id"),
  "playback_count" = (SELECT count(*) FROM "playbacks" p WHERE p."live_id" = "lives"."id");--> statement-breakpoint
CREATE FUNCTION "live_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'subscriptions' THEN
    IF TG_OP = 'INSERT' THEN
      UPDATE "lives" SET "subscriber_count" = "subscriber_count" + 1 WHERE "id" = NEW."live_id";
    ELSE
      UPDATE "lives" SET "subscriber_count" = "subscriber_count" - 1 WHERE "id" = OLD."live_id";
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE "lives" SET "playback_count" = "playback_count" + 1 WHERE "id" = NEW."live_id";
  ELSE
    UPDATE "lives" SET "playback_count" = "playback_count" - 1 WHERE "id" = OLD."live_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_count_follow" AFTER INSERT OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "live_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "playbacks_count_follow" AFTER INSERT OR DELETE ON "playbacks" FOR EACH ROW EXECUTE FUNCTION "live_counts_follow"();
