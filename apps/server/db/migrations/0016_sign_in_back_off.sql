CREATE TABLE "sign_in_known" (
	"username" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_known_username_kind_key_pk" PRIMARY KEY("username","kind","key"),
	CONSTRAINT "sign_in_known_kind" CHECK ("sign_in_known"."kind" in ('device', 'address'))
);
--> statement-breakpoint
CREATE TABLE "sign_in_phones" (
	"username" text PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"level_at" timestamp with time zone NOT NULL,
	"next_try_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_known_last_used" ON "sign_in_known" USING btree ("last_used_at");