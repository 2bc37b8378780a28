-- Every amount rule has a value per currency (decision 067). What is stored so far is a baht
-- figure that kip members met as a kip one; the baht figure stays the baht value, and the kip
-- value is it at 600 kip a baht, rounded to ₭1,000 (100,000 att), for staff to adjust.
UPDATE "site_settings" SET "value" = jsonb_build_object(
	'BAHT', "value",
	'LAK', jsonb_build_object(
		'withdrawMin', round(("value"->>'withdrawMin')::bigint * 6 / 1000.0)::bigint * 100000,
		'withdrawMax', round(("value"->>'withdrawMax')::bigint * 6 / 1000.0)::bigint * 100000))
WHERE "key" = 'withdraw' AND "value" ? 'withdrawMin';
--> statement-breakpoint
UPDATE "site_settings" SET "value" = (
	SELECT jsonb_object_agg(provider, jsonb_build_object(
		'BAHT', minimum,
		'LAK', greatest(100000, round(minimum::text::bigint * 6 / 1000.0)::bigint * 100000)))
	FROM jsonb_each("value") AS channel(provider, minimum))
WHERE "key" = 'qrMinimums' AND jsonb_typeof("value"->'KBANK') = 'number';
--> statement-breakpoint
ALTER TABLE "promotion_offers" ALTER COLUMN "minimum_deposit" SET DATA TYPE jsonb USING jsonb_build_object(
	'BAHT', "minimum_deposit", 'LAK', round("minimum_deposit" * 6 / 1000.0)::bigint * 100000);
--> statement-breakpoint
ALTER TABLE "promotion_offers" ALTER COLUMN "floor" SET DATA TYPE jsonb USING jsonb_build_object(
	'BAHT', "floor", 'LAK', round("floor" * 6 / 1000.0)::bigint * 100000);
--> statement-breakpoint
ALTER TABLE "promotion_offers" ALTER COLUMN "budget" SET DATA TYPE jsonb USING CASE WHEN "budget" IS NULL THEN NULL
	ELSE jsonb_build_object('BAHT', "budget", 'LAK', round("budget" * 6 / 1000.0)::bigint * 100000) END;
--> statement-breakpoint
UPDATE "promotion_offers" SET "reward" = CASE "reward"->>'kind'
	WHEN 'percent' THEN jsonb_set("reward", '{max}', jsonb_build_object(
		'BAHT', ("reward"->>'max')::bigint,
		'LAK', round(("reward"->>'max')::bigint * 6 / 1000.0)::bigint * 100000))
	ELSE jsonb_set("reward", '{amount}', jsonb_build_object(
		'BAHT', ("reward"->>'amount')::bigint,
		'LAK', round(("reward"->>'amount')::bigint * 6 / 1000.0)::bigint * 100000)) END
WHERE jsonb_typeof("reward"->'max') = 'number' OR jsonb_typeof("reward"->'amount') = 'number';
--> statement-breakpoint
-- What grants were promised so far, counted again per currency from the grants themselves.
ALTER TABLE "promotion_offers" ALTER COLUMN "granted" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "promotion_offers" ALTER COLUMN "granted" SET DATA TYPE jsonb USING jsonb_build_object('BAHT', 0, 'LAK', 0);
--> statement-breakpoint
ALTER TABLE "promotion_offers" ALTER COLUMN "granted" SET DEFAULT '{"BAHT": 0, "LAK": 0}'::jsonb;
--> statement-breakpoint
UPDATE "promotion_offers" o SET "granted" = o."granted" || (
	SELECT coalesce(jsonb_object_agg(g.currency, g.total), '{}'::jsonb)
	FROM (SELECT currency, sum(bonus) AS total FROM "promotion_grants" WHERE offer_id = o.id GROUP BY currency) g);
--> statement-breakpoint
-- The wheel's demo coin rule gave a coin per ₭50,000 and per ฿500: kip members earned some six
-- times more. The kip figure a new site starts with is ₭300,000; a rule staff changed is kept.
UPDATE "spin_wheels" SET "coin_rules" = jsonb_set("coin_rules", '{deposit,per,LAK}', '"30000000"')
WHERE "coin_rules"->'deposit'->'per'->>'LAK' = '5000000' AND "coin_rules"->'deposit'->'per'->>'BAHT' = '50000';
--> statement-breakpoint
-- The invite bonus's and the loss refund's amounts, and the floor of every programme's grant
-- (invite, refund, a wheel's bonus prize, and the terms its coupons copied), per currency.
UPDATE "reward_programs" SET "settings" = "settings" || (
	SELECT jsonb_object_agg(key, jsonb_build_object(
		'BAHT', (value #>> '{}')::bigint,
		'LAK', round((value #>> '{}')::bigint * 6 / 1000.0)::bigint * 100000))
	FROM jsonb_each("settings")
	WHERE key IN ('dailyCap', 'minimumClaim', 'cap', 'minimum', 'floor') AND jsonb_typeof(value) = 'number')
WHERE EXISTS (SELECT 1 FROM jsonb_each("settings")
	WHERE key IN ('dailyCap', 'minimumClaim', 'cap', 'minimum', 'floor') AND jsonb_typeof(value) = 'number');
--> statement-breakpoint
UPDATE "spin_slices" SET "prize" = jsonb_set("prize", '{terms,floor}', jsonb_build_object(
	'BAHT', ("prize" #>> '{terms,floor}')::bigint,
	'LAK', round(("prize" #>> '{terms,floor}')::bigint * 6 / 1000.0)::bigint * 100000))
WHERE jsonb_typeof("prize" #> '{terms,floor}') = 'number';
--> statement-breakpoint
UPDATE "spin_coupons" SET "terms" = jsonb_set("terms", '{floor}', jsonb_build_object(
	'BAHT', ("terms" ->> 'floor')::bigint,
	'LAK', round(("terms" ->> 'floor')::bigint * 6 / 1000.0)::bigint * 100000))
WHERE jsonb_typeof("terms" -> 'floor') = 'number';
