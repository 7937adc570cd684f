-- The compliance trail and its daily anchors are append-only (docs/compliance.md): rows are inserted, never
-- changed or removed. Someone with database rights can still disable these triggers; `npm run audit:verify`
-- is what shows that they did.
CREATE FUNCTION "compliance_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed: sealing a row written before the chain existed, filling only its chain columns, once.
  IF TG_OP = 'UPDATE' AND OLD."hash" IS NULL AND NEW."hash" IS NOT NULL
    AND (NEW."id", NEW."kind", NEW."actor_id", NEW."adviser_id", NEW."customer_id", NEW."product_id", NEW."subject",
         NEW."decision", NEW."reason", NEW."detail", NEW."at")
      IS NOT DISTINCT FROM
        (OLD."id", OLD."kind", OLD."actor_id", OLD."adviser_id", OLD."customer_id", OLD."product_id", OLD."subject",
         OLD."decision", OLD."reason", OLD."detail", OLD."at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'compliance_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE FUNCTION "compliance_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "compliance_events_append_only" BEFORE UPDATE OR DELETE ON "compliance_events"
  FOR EACH ROW EXECUTE FUNCTION "compliance_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "compliance_events_no_truncate" BEFORE TRUNCATE ON "compliance_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "compliance_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "compliance_anchors_append_only" BEFORE UPDATE OR DELETE ON "compliance_anchors"
  FOR EACH ROW EXECUTE FUNCTION "compliance_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "compliance_anchors_no_truncate" BEFORE TRUNCATE ON "compliance_anchors"
  FOR EACH STATEMENT EXECUTE FUNCTION "compliance_refuse_change"();
