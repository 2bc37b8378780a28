-- Staff who exist before roles had every right there was: they become owners, so the operator
-- keeps someone who can give roles (decision 044). Staff made from now on are support unless told.
ALTER TABLE "staff_members" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ALTER COLUMN "role" SET DEFAULT 'support';--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_role" CHECK ("role" IN ('owner', 'finance', 'support', 'marketing', 'viewer'));
