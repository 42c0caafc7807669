CREATE TABLE "auth_user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sms_phone" text,
	"totp_secret_encrypted" text,
	"totp_last_used_step" bigint,
	"totp_pending_secret_encrypted" text,
	"totp_pending_request_id" uuid,
	"totp_pending_expires_at" timestamp with time zone,
	"totp_pending_failed_attempts" smallint DEFAULT 0 NOT NULL,
	"is_new_device_verification_required" boolean DEFAULT false NOT NULL,
	"two_factor_requirement" text,
	"two_factor_strategy" text,
	"two_factor_deadline_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"status" text NOT NULL,
	"secret_hash" text NOT NULL,
	"push_token" text,
	"approval_mode" smallint,
	"approval_failed_attempts" smallint DEFAULT 0 NOT NULL,
	"approval_expires_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client" text NOT NULL,
	"flow" text NOT NULL,
	"code_challenge" text NOT NULL,
	"code_hash" text,
	"push_code_encrypted" text,
	"tmp_token_hash" text,
	"status" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"push_send_count" smallint DEFAULT 0 NOT NULL,
	"push_last_sent_at" timestamp with time zone,
	"push_expires_at" timestamp with time zone,
	"device_id" integer,
	"decided_at" timestamp with time zone,
	"sign_in_id" uuid,
	"exchanged_at" timestamp with time zone,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_browsers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trusted_browsers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"subject_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"code_hash" text NOT NULL,
	"identifier" text NOT NULL,
	"send_count" smallint DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_user_settings" ADD CONSTRAINT "auth_user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_requests" ADD CONSTRAINT "login_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_requests" ADD CONSTRAINT "login_requests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_requests" ADD CONSTRAINT "login_requests_sign_in_id_sign_ins_id_fk" FOREIGN KEY ("sign_in_id") REFERENCES "public"."sign_ins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_browsers" ADD CONSTRAINT "trusted_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_secret_hash_key" ON "devices" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_requests_code_hash_key" ON "login_requests" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "login_requests_tmp_token_hash_key" ON "login_requests" USING btree ("tmp_token_hash");--> statement-breakpoint
CREATE INDEX "login_requests_user_created_idx" ON "login_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "login_requests_awaiting_push_idx" ON "login_requests" USING btree ("push_expires_at") WHERE "login_requests"."status" = 'awaitingApproval';--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_browsers_secret_hash_key" ON "trusted_browsers" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "trusted_browsers_user_idx" ON "trusted_browsers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_codes_subject_key" ON "verification_codes" USING btree ("purpose","subject_key");--> statement-breakpoint
CREATE INDEX "verification_codes_user_sent_idx" ON "verification_codes" USING btree ("user_id","channel","last_sent_at");