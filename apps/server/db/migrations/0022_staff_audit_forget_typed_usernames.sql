-- A failed staff sign-in under an unknown username wrote what was typed, often a password in the
-- wrong field; such rows keep their reason only (decision 024).
UPDATE "staff_audit" SET "detail" = "detail" - 'username' WHERE "action" = 'login.fail' AND "staff_id" IS NULL;
