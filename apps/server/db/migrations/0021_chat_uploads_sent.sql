ALTER TABLE "chat_uploads" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_uploads_unsent" ON "chat_uploads" USING btree ("created_at") WHERE "chat_uploads"."sent_at" is null;--> statement-breakpoint
UPDATE "chat_uploads" u SET "sent_at" = u."created_at" WHERE EXISTS (SELECT 1 FROM "chat_messages" m WHERE m."room_id" = u."room_id" AND m."body" ->> 'message_type' = 'media' AND m."body" -> 'payload' ->> 'filePath' = u."storage_key");
