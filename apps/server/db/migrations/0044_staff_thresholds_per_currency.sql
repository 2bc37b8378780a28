-- Staff's thresholds get a value per currency (decision 075), as members' amount rules did in
-- 0042: the stored baht figure stays baht's, and kip gets it at 600 kip a baht rounded to ₭1,000,
-- for staff to adjust. Only values still in the old shape (a number) are turned.
UPDATE "site_settings" SET "value" = "value" || jsonb_build_object(
	'autoApproveMax', jsonb_build_object(
		'BAHT', "value"->'autoApproveMax',
		'LAK', round(("value"->>'autoApproveMax')::bigint * 6 / 1000.0)::bigint * 100000),
	'secondApprovalOver', jsonb_build_object(
		'BAHT', "value"->'secondApprovalOver',
		'LAK', round(("value"->>'secondApprovalOver')::bigint * 6 / 1000.0)::bigint * 100000))
WHERE "key" = 'withdrawalRules' AND jsonb_typeof("value"->'autoApproveMax') = 'number';
--> statement-breakpoint
UPDATE "site_settings" SET "value" = jsonb_build_object('approvalOver', jsonb_build_object(
	'BAHT', "value"->'approvalOver',
	'LAK', round(("value"->>'approvalOver')::bigint * 6 / 1000.0)::bigint * 100000))
WHERE "key" = 'adjustmentApprovalOver' AND jsonb_typeof("value"->'approvalOver') = 'number';
