CREATE TABLE "live_list_versions" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "kol" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Issue 17: the live list reads the presenters from the live's row. A live's kol is rebuilt, in the
-- transaction of the change, whenever its presenters or one of their names, avatars or titles change.
CREATE FUNCTION "live_kol_of"(live integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', p."id", 'name', p."name", 'avatar', p."avatar", 'title', p."title") ORDER BY lp."position", p."id"), '[]'::jsonb)
  FROM "live_presenters" lp JOIN "presenters" p ON p."id" = lp."presenter_id"
  WHERE lp."live_id" = live
$$;--> statement-breakpoint
UPDATE "lives" SET "kol" = "live_kol_of"("id");--> statement-breakpoint
CREATE FUNCTION "live_kol_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'presenters' THEN
    UPDATE "lives" SET "kol" = "live_kol_of"("id")
    WHERE "id" IN (SELECT "live_id" FROM "live_presenters" WHERE "presenter_id" = NEW."id");
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "lives" SET "kol" = "live_kol_of"(NEW."live_id") WHERE "id" = NEW."live_id";
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "lives" SET "kol" = "live_kol_of"(OLD."live_id") WHERE "id" = OLD."live_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "live_presenters_kol_follow" AFTER INSERT OR UPDATE OR DELETE ON "live_presenters" FOR EACH ROW EXECUTE FUNCTION "live_kol_follow"();--> statement-breakpoint
CREATE TRIGGER "presenters_kol_follow" AFTER UPDATE ON "presenters" FOR EACH ROW EXECUTE FUNCTION "live_kol_follow"();
--> statement-breakpoint
-- A category's version moves on with every change to one of its lives (their counts and presenters
-- included, as the triggers above write the live's row), in that change's transaction.
CREATE FUNCTION "live_list_version_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "live_list_versions" ("category_id", "version") VALUES (NEW."category_id", 1)
    ON CONFLICT ("category_id") DO UPDATE SET "version" = "live_list_versions"."version" + 1;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."category_id" <> NEW."category_id") THEN
    INSERT INTO "live_list_versions" ("category_id", "version") VALUES (OLD."category_id", 1)
    ON CONFLICT ("category_id") DO UPDATE SET "version" = "live_list_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lives_list_version_follow" AFTER INSERT OR UPDATE OR DELETE ON "lives" FOR EACH ROW EXECUTE FUNCTION "live_list_version_follow"();--> statement-breakpoint
CREATE FUNCTION "live_list_version_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "live_list_versions" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lives_list_version_truncated" AFTER TRUNCATE ON "lives" FOR EACH STATEMENT EXECUTE FUNCTION "live_list_version_truncated"();--> statement-breakpoint
INSERT INTO "live_list_versions" ("category_id", "version") SELECT DISTINCT "category_id", 1 FROM "lives" ON CONFLICT DO NOTHING;
