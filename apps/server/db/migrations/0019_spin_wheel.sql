CREATE TABLE "spin_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"request_key" text NOT NULL,
	"wheel_id" integer NOT NULL,
	"slice_code" text NOT NULL,
	"labels" jsonb NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"amount" bigint NOT NULL,
	"terms" jsonb,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"grant_id" bigint,
	CONSTRAINT "spin_coupons_amount" CHECK ("spin_coupons"."amount" >= 0),
	CONSTRAINT "spin_coupons_nothing" CHECK (("spin_coupons"."kind" = 'none') = ("spin_coupons"."status" = 'none') and ("spin_coupons"."kind" = 'none') = ("spin_coupons"."unit" is null))
);
--> statement-breakpoint
CREATE TABLE "spin_slice_days" (
	"wheel_id" integer NOT NULL,
	"code" text NOT NULL,
	"day" date NOT NULL,
	"unit" text NOT NULL,
	"paid" bigint NOT NULL,
	CONSTRAINT "spin_slice_days_wheel_id_code_day_unit_pk" PRIMARY KEY("wheel_id","code","day","unit")
);
--> statement-breakpoint
CREATE TABLE "spin_slices" (
	"wheel_id" integer NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"labels" jsonb NOT NULL,
	"bg_color" text NOT NULL,
	"text_color" text NOT NULL,
	"descriptions" jsonb NOT NULL,
	"weight" integer NOT NULL,
	"prize" jsonb NOT NULL,
	"stock" integer,
	"daily_budget" jsonb,
	"withdrawn" boolean DEFAULT false NOT NULL,
	CONSTRAINT "spin_slices_wheel_id_code_pk" PRIMARY KEY("wheel_id","code"),
	CONSTRAINT "spin_slices_weight" CHECK ("spin_slices"."weight" >= 0),
	CONSTRAINT "spin_slices_stock" CHECK ("spin_slices"."stock" is null or "spin_slices"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spin_wheels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean NOT NULL,
	"coin_rules" jsonb NOT NULL,
	"coupon_hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spin_wheels_coupon_hours" CHECK ("spin_wheels"."coupon_hours" > 0)
);
--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_coin";--> statement-breakpoint
ALTER TABLE "spin_slices" ADD CONSTRAINT "spin_slices_wheel_id_spin_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."spin_wheels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spin_coupons_request" ON "spin_coupons" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "spin_coupons_member" ON "spin_coupons" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "spin_coupons_due" ON "spin_coupons" USING btree ("expires_at") WHERE "spin_coupons"."status" = 'claimable';--> statement-breakpoint
CREATE UNIQUE INDEX "spin_wheels_one_active" ON "spin_wheels" USING btree ("active") WHERE "spin_wheels"."active";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "coin";