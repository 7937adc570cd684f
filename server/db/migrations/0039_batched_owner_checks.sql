ALTER TABLE "mkt_card_events" DROP CONSTRAINT "mkt_card_events_card_id_mkt_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "mkt_signals" DROP CONSTRAINT "mkt_signals_adviser_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "mkt_signals" DROP CONSTRAINT "mkt_signals_customer_id_mkt_customers_id_fk";
--> statement-breakpoint
-- The three foreign keys above, checked once per statement instead of once per row (the engine writes a thousand
-- signals and hundreds of card events in one statement, and each row's check was a query of its own, a seventh of
-- its pass). The same guarantees: a new row's parents exist and are key-share locked until the transaction ends
-- (so they cannot be deleted under it), a parent's deletion deletes its rows, and a parent's key does not change.
CREATE FUNCTION "mkt_signals_owners_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  found integer;
BEGIN
  SELECT count(DISTINCT "customer_id") INTO wanted FROM "new_signals";
  SELECT count(*) INTO found FROM (
    SELECT 1 FROM "mkt_customers" WHERE "id" IN (SELECT "customer_id" FROM "new_signals") FOR KEY SHARE
  ) AS "locked";
  IF found <> wanted THEN
    RAISE EXCEPTION 'a signal names a customer that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT count(DISTINCT "adviser_id") INTO wanted FROM "new_signals";
  SELECT count(*) INTO found FROM (
    SELECT 1 FROM "users" WHERE "id" IN (SELECT "adviser_id" FROM "new_signals") FOR KEY SHARE
  ) AS "locked";
  IF found <> wanted THEN
    RAISE EXCEPTION 'a signal names an adviser that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_signals_owners_inserted" AFTER INSERT ON "mkt_signals" REFERENCING NEW TABLE AS "new_signals"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_signals_owners_checked"();--> statement-breakpoint
-- Nothing moves a signal to another owner; should anything, the row is checked as a foreign key would check it.
CREATE FUNCTION "mkt_signals_owner_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "mkt_customers" WHERE "id" = NEW."customer_id" FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'a signal names a customer that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  PERFORM 1 FROM "users" WHERE "id" = NEW."adviser_id" FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'a signal names an adviser that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_signals_owner_updated" BEFORE UPDATE OF "customer_id", "adviser_id" ON "mkt_signals"
  FOR EACH ROW EXECUTE FUNCTION "mkt_signals_owner_moved"();--> statement-breakpoint
CREATE FUNCTION "mkt_card_events_cards_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  found integer;
BEGIN
  SELECT count(DISTINCT "card_id") INTO wanted FROM "new_events";
  SELECT count(*) INTO found FROM (
    SELECT 1 FROM "mkt_cards" WHERE "id" IN (SELECT "card_id" FROM "new_events") FOR KEY SHARE
  ) AS "locked";
  IF found <> wanted THEN
    RAISE EXCEPTION 'a card event names a card that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_card_events_cards_inserted" AFTER INSERT ON "mkt_card_events" REFERENCING NEW TABLE AS "new_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_card_events_cards_checked"();--> statement-breakpoint
CREATE FUNCTION "mkt_card_events_card_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "mkt_cards" WHERE "id" = NEW."card_id" FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'a card event names a card that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_card_events_card_updated" BEFORE UPDATE OF "card_id" ON "mkt_card_events"
  FOR EACH ROW EXECUTE FUNCTION "mkt_card_events_card_moved"();--> statement-breakpoint
-- The cascades, one statement per deleting statement.
CREATE FUNCTION "mkt_signals_of_customers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "mkt_signals" WHERE "customer_id" IN (SELECT "id" FROM "gone");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_customers_signals_deleted" AFTER DELETE ON "mkt_customers" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_signals_of_customers_deleted"();--> statement-breakpoint
CREATE FUNCTION "mkt_signals_of_advisers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "mkt_signals" WHERE "adviser_id" IN (SELECT "id" FROM "gone");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_signals_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_signals_of_advisers_deleted"();--> statement-breakpoint
CREATE FUNCTION "mkt_card_events_of_cards_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "mkt_card_events";
  ELSE
    DELETE FROM "mkt_card_events" WHERE "card_id" IN (SELECT "id" FROM "gone");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mkt_cards_events_deleted" AFTER DELETE ON "mkt_cards" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_card_events_of_cards_deleted"();--> statement-breakpoint
CREATE TRIGGER "mkt_cards_events_truncated" AFTER TRUNCATE ON "mkt_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION "mkt_card_events_of_cards_deleted"();--> statement-breakpoint
-- A key the checked rows point at does not change (a foreign key's ON UPDATE NO ACTION, for any row).
CREATE FUNCTION "key_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.id does not change', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_key_kept" BEFORE UPDATE OF "id" ON "users"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "key_kept"();--> statement-breakpoint
CREATE TRIGGER "mkt_customers_key_kept" BEFORE UPDATE OF "id" ON "mkt_customers"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "key_kept"();--> statement-breakpoint
CREATE TRIGGER "mkt_cards_key_kept" BEFORE UPDATE OF "id" ON "mkt_cards"
  FOR EACH ROW WHEN (OLD."id" IS DISTINCT FROM NEW."id") EXECUTE FUNCTION "key_kept"();
