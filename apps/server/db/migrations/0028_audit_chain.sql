-- The staff audit becomes hash-chained and append-only (decision 043). The columns start empty,
-- the rows already here are chained in id order, then they are required.
ALTER TABLE "staff_audit" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD COLUMN "hash" text;--> statement-breakpoint
-- NOTE: the content is rendered as modules/console/audit-chain.ts's auditContentSql renders it,
-- with the previous hash from the loop (the row's own prev_hash is still null here).
DO $$
DECLARE
  row_id bigint;
  n bigint := 0;
  prev text := repeat('0', 64);
BEGIN
  FOR row_id IN SELECT "id" FROM "staff_audit" ORDER BY "id" LOOP
    n := n + 1;
    UPDATE "staff_audit"
    SET "seq" = n,
        "prev_hash" = prev,
        "hash" = encode(sha256(convert_to(jsonb_build_array(n, "id", "staff_id", "action", "target",
          "detail", "ip", "user_agent", to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          prev)::text, 'UTF8')), 'hex')
    WHERE "id" = row_id
    RETURNING "hash" INTO prev;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "staff_audit" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_audit" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_audit" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_audit_seq" ON "staff_audit" USING btree ("seq");--> statement-breakpoint
-- Audit rows are never changed or removed, as ledger rows (0003): the database refuses it, whatever
-- the code does. A statement trigger refuses even an UPDATE or DELETE that matches no row.
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON "staff_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
