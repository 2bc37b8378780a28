-- Staff search and the audit screen (decision 048). pg_trgm is a trusted extension (PostgreSQL 13+):
-- a database owner may create it; the embedded PGlite loads it with the database (database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "staff_audit_staff";--> statement-breakpoint
CREATE INDEX "member_bank_accounts_no_reversed" ON "member_bank_accounts" USING btree (reverse("account_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_username_reversed" ON "members" USING btree (reverse("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_name_trigrams" ON "members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_inviter" ON "members" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "staff_audit_staff_seq" ON "staff_audit" USING btree ("staff_id","seq");--> statement-breakpoint
CREATE INDEX "staff_audit_action_seq" ON "staff_audit" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "staff_audit_target_seq" ON "staff_audit" USING btree ("target","seq");--> statement-breakpoint
CREATE INDEX "staff_audit_at" ON "staff_audit" USING btree ("at");