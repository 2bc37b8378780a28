CREATE TABLE "sandbox_provider_faults" (
	"game_code" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_launches" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_players" (
	"game_code" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_provider_players_game_code_username_pk" PRIMARY KEY("game_code","username"),
	CONSTRAINT "sandbox_provider_players_not_negative" CHECK ("sandbox_provider_players"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"username" text NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"game_code" text NOT NULL,
	"username" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_provider_transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_provider_transfers_positive" CHECK ("sandbox_provider_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "sandbox_provider_launches_expires" ON "sandbox_provider_launches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_provider_rounds_player" ON "sandbox_provider_rounds" USING btree ("game_code","username","id");