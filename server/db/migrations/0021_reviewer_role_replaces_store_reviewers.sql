-- Whoever was flagged in store_reviewers keeps the duty as the reviewer staff role before the table goes.
UPDATE "users" SET "staff_roles" = "staff_roles" || '["reviewer"]'::jsonb WHERE "id" IN (SELECT "user_id" FROM "store_reviewers") AND NOT ("staff_roles" ? 'reviewer');--> statement-breakpoint
DROP TABLE "store_reviewers" CASCADE;
