CREATE TABLE "mkt_workbench_counts" (
	"adviser_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mkt_workbench_counts_idx" ON "mkt_workbench_counts" USING btree ("adviser_id","category_id","delta");--> statement-breakpoint
-- The workbench's totals as signed changes (see the table's comment in schema-marketing.ts): the cards there now,
-- then one trigger per kind of write, each a statement trigger over the rows it changed, so a batch of a thousand
-- cards adds at most one row per (adviser, category) it moved and nothing when none came or went.
INSERT INTO "mkt_workbench_counts" ("adviser_id", "category_id", "delta")
  SELECT "adviser_id", "category_id", count(*)::integer FROM "mkt_cards"
  WHERE "state" IN ('new', 'viewed', 'handling') AND "released_at" IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "mkt_workbench_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "mkt_workbench_counts" ("adviser_id", "category_id", "delta")
      SELECT "adviser_id", "category_id", count(*)::integer FROM "new_cards"
      WHERE "state" IN ('new', 'viewed', 'handling') AND "released_at" IS NOT NULL GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "mkt_workbench_counts" ("adviser_id", "category_id", "delta")
      SELECT "adviser_id", "category_id", sum("d")::integer FROM (
        SELECT "adviser_id", "category_id", 1 AS "d" FROM "new_cards"
        WHERE "state" IN ('new', 'viewed', 'handling') AND "released_at" IS NOT NULL
        UNION ALL
        SELECT "adviser_id", "category_id", -1 FROM "old_cards"
        WHERE "state" IN ('new', 'viewed', 'handling') AND "released_at" IS NOT NULL
      ) AS "moved" GROUP BY 1, 2 HAVING sum("d") <> 0;
  ELSE
    INSERT INTO "mkt_workbench_counts" ("adviser_id", "category_id", "delta")
      SELECT "adviser_id", "category_id", -count(*)::integer FROM "old_cards"
      WHERE "state" IN ('new', 'viewed', 'handling') AND "released_at" IS NOT NULL GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_cards_workbench_inserted" AFTER INSERT ON "mkt_cards" REFERENCING NEW TABLE AS "new_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_workbench_counted"();--> statement-breakpoint
CREATE TRIGGER "mkt_cards_workbench_updated" AFTER UPDATE ON "mkt_cards" REFERENCING OLD TABLE AS "old_cards" NEW TABLE AS "new_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_workbench_counted"();--> statement-breakpoint
CREATE TRIGGER "mkt_cards_workbench_deleted" AFTER DELETE ON "mkt_cards" REFERENCING OLD TABLE AS "old_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_workbench_counted"();--> statement-breakpoint
CREATE FUNCTION "mkt_workbench_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "mkt_workbench_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_cards_workbench_truncated" AFTER TRUNCATE ON "mkt_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_workbench_truncated"();
