CREATE TABLE "idempotent_requests" (
	"member_id" bigint NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payout_faults" (
	"id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_accounts" (
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_accounts_member_id_game_code_pk" PRIMARY KEY("member_id","game_code"),
	CONSTRAINT "game_accounts_login" UNIQUE("game_code","username")
);
