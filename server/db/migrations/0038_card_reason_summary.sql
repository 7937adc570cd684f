ALTER TABLE "mkt_cards" ADD COLUMN "reasons_max_amount" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mkt_cards" ADD COLUMN "reasons_max_intensity" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mkt_cards" ADD COLUMN "reasons_newest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mkt_cards" ADD COLUMN "reasons_linked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every card's reasons as the engine summed them on each stacking (amounts by size, reals as float8).
UPDATE "mkt_cards" AS c SET "reasons_max_amount" = s."max_amount", "reasons_max_intensity" = s."max_intensity",
  "reasons_newest_at" = s."newest_at", "reasons_linked" = s."linked"
FROM (
  SELECT "card_id", coalesce(max(abs("amount")), 0)::float8 AS "max_amount",
    coalesce(max("intensity"), 0)::float8 AS "max_intensity", max("occurred_at") AS "newest_at",
    count(*)::integer AS "linked"
  FROM "mkt_signals" WHERE "card_id" IS NOT NULL GROUP BY "card_id"
) AS s
WHERE c."id" = s."card_id";
