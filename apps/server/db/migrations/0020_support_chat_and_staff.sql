CREATE TABLE "staff_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"action" text NOT NULL,
	"target" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_login_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"pending_secret" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"signing_key" text NOT NULL,
	"vapid_public" text NOT NULL,
	"vapid_private" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"session_id" integer NOT NULL,
	"sender" text NOT NULL,
	"client_id" text NOT NULL,
	"staff_id" integer,
	"bot" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"name" text NOT NULL,
	"device_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_seq_positive" CHECK ("chat_messages"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "chat_push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"guest_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"session_id" integer DEFAULT 1 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"customer_read_seq" integer DEFAULT 0 NOT NULL,
	"staff_read_seq" integer DEFAULT 0 NOT NULL,
	"bot_greeted_session" integer DEFAULT 0 NOT NULL,
	"waiting_for_staff" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'th' NOT NULL,
	"last_message_at" timestamp with time zone,
	"merged_into" integer,
	"merged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_rooms_owner" CHECK (("chat_rooms"."member_id" is null) <> ("chat_rooms"."guest_id" is null)),
	CONSTRAINT "chat_rooms_reads" CHECK ("chat_rooms"."customer_read_seq" <= "chat_rooms"."last_seq" and "chat_rooms"."staff_read_seq" <= "chat_rooms"."last_seq")
);
--> statement-breakpoint
CREATE TABLE "chat_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_push_subscriptions" ADD CONSTRAINT "chat_push_subscriptions_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_uploads" ADD CONSTRAINT "chat_uploads_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_staff" ON "staff_audit" USING btree ("staff_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_username" ON "staff_members" USING btree ("username");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_seq" ON "chat_messages" USING btree ("room_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client" ON "chat_messages" USING btree ("room_id","sender","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_push_endpoint" ON "chat_push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "chat_push_room" ON "chat_push_subscriptions" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_member" ON "chat_rooms" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_guest" ON "chat_rooms" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_inbox" ON "chat_rooms" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_uploads_key" ON "chat_uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "chat_uploads_room" ON "chat_uploads" USING btree ("room_id");