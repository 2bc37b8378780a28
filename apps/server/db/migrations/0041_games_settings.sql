CREATE TABLE "game_settings" (
	"game_code" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"wallet_factor" numeric(10, 4),
	"launch_web" boolean DEFAULT true NOT NULL,
	"launch_android" boolean DEFAULT true NOT NULL,
	"launch_ios" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Seeded from the catalogue as it stands (decision 064): every game of the product on, in the
-- catalogue's order, the provider's factor (null), every platform the provider offers. Members see
-- no change until staff make one.
INSERT INTO "game_settings" ("game_code", "position")
SELECT code, position FROM unnest(ARRAY['JOKER','SEXYGAME','BETFLIX','ASKMEBET','UFABET','SUPERSLOT','PG','SLOTXO','IMI','USUN','AREASLOT','CIRCUS','SLOTRACHA','PGSLOT','JOKER2','HUAYHD']) WITH ORDINALITY AS seed(code, position)
ON CONFLICT DO NOTHING;
