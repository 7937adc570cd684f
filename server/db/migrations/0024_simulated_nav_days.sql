-- The market simulator used to store each step's NAV under "YYYY-MM-DD#<step>", a day the API's date format rejects
-- (the customer card answered 500). Each product keeps one row per date: the latest step's value of that date wins.
INSERT INTO "mkt_product_navs" ("product_id", "day", "nav")
SELECT DISTINCT ON ("product_id", left("day", 10)) "product_id", left("day", 10), "nav"
FROM "mkt_product_navs"
WHERE "day" ~ '^\d{4}-\d{2}-\d{2}#'
ORDER BY "product_id", left("day", 10), split_part("day", '#', 2)::bigint DESC
ON CONFLICT ("product_id", "day") DO UPDATE SET "nav" = excluded."nav";
--> statement-breakpoint
DELETE FROM "mkt_product_navs" WHERE "day" ~ '^\d{4}-\d{2}-\d{2}#';
