CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_until" timestamp with time zone,
	"singleton_key" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"type_id" smallint NOT NULL,
	"sub_type" text,
	"currency" text NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"ledger_account_id" bigint NOT NULL,
	"alias_name" text,
	"wallet_address" text,
	"settlement_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_funding_references" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_funding_references_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "incoming_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incoming_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rail" text NOT NULL,
	"rail_reference" text NOT NULL,
	"reference" text NOT NULL,
	"payer_name" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"is_failure_simulated" boolean DEFAULT false NOT NULL,
	"resolution_reason" text,
	"customer_id" integer,
	"account_id" integer,
	"ledger_transaction_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "incoming_transfers_amount_check" CHECK ("incoming_transfers"."amount_minor" > 0),
	CONSTRAINT "incoming_transfers_posting_check" CHECK (("incoming_transfers"."status" in ('settled', 'suspense')) = ("incoming_transfers"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_instructions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_instructions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"rail" text NOT NULL,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"last_transaction_id" bigint NOT NULL,
	"last_hold_id" bigint NOT NULL,
	"row_count" integer,
	"is_truncated" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activation_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"link_token_hash" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"send_count" smallint DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"code_hash" text,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"reset_token_hash" text,
	"reset_token_expires_at" timestamp with time zone,
	"code_verified_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_request_counters" (
	"key" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "public_request_counters_key_window_started_at_pk" PRIMARY KEY("key","window_started_at")
);
--> statement-breakpoint
CREATE TABLE "registration_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"registration_type" text,
	"brand" text NOT NULL,
	"country_code" text,
	"phone" text,
	"language" text NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" text[] NOT NULL,
	"state" text,
	"code_challenge" text,
	"status" text NOT NULL,
	"code_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"code_expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"exchanged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"redirect_uris" text[] NOT NULL,
	"allowed_scopes" text[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"value_in_usd" numeric(38, 18) NOT NULL,
	"provider" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive_check" CHECK ("exchange_rates"."value_in_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "standing_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer,
	"to_email" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"asset_scale" smallint NOT NULL,
	"frequency" text NOT NULL,
	"end_date" date,
	"transactions_total" integer,
	"is_until_cancelled" boolean DEFAULT false NOT NULL,
	"note" text,
	"reference" text,
	"runs_done" integer DEFAULT 0 NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"next_run_at" timestamp with time zone,
	"first_transfer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "standing_orders_amount_check" CHECK ("standing_orders"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_approvals" (
	"transfer_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"approval_type" smallint NOT NULL,
	"code_hash" text,
	"recipient" text,
	"send_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_by_device_id" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfer_daily_usage" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"used_minor" bigint NOT NULL,
	CONSTRAINT "transfer_daily_usage_customer_id_kind_currency_day_pk" PRIMARY KEY("customer_id","kind","currency","day"),
	CONSTRAINT "transfer_daily_usage_used_check" CHECK ("transfer_daily_usage"."used_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_limits" (
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"per_transfer_max_minor" bigint NOT NULL,
	"daily_max_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_limits_kind_currency_pk" PRIMARY KEY("kind","currency"),
	CONSTRAINT "transfer_limits_order_check" CHECK ("transfer_limits"."min_amount_minor" > 0 and "transfer_limits"."min_amount_minor" <= "transfer_limits"."per_transfer_max_minor" and "transfer_limits"."per_transfer_max_minor" <= "transfer_limits"."daily_max_minor")
);
--> statement-breakpoint
CREATE TABLE "transfer_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer,
	"to_email" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"note" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"payer_customer_id" integer NOT NULL,
	"payer_user_id" integer,
	"from_account_id" integer NOT NULL,
	"from_ledger_account_id" bigint NOT NULL,
	"payee_customer_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"to_ledger_account_id" bigint NOT NULL,
	"to_email" text,
	"from_email" text,
	"from_amount_minor" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"to_amount_minor" bigint NOT NULL,
	"to_currency" text NOT NULL,
	"exchange_rate" text NOT NULL,
	"fee_minor" bigint NOT NULL,
	"note" text,
	"reference" text,
	"approval_type" smallint NOT NULL,
	"hold_id" bigint,
	"ledger_transaction_id" bigint,
	"standing_order_id" integer,
	"run_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "transfers_amounts_check" CHECK ("transfers"."from_amount_minor" > 0 and "transfers"."to_amount_minor" > 0 and "transfers"."fee_minor" >= 0),
	CONSTRAINT "transfers_status_check" CHECK ("transfers"."status" in ('awaitingApproval', 'completed', 'rejected', 'failed') and ("transfers"."status" in ('rejected', 'failed')) = ("transfers"."reject_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_blacklist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_blacklist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"block_type" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_funding_references" ADD CONSTRAINT "customer_funding_references_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_transfers" ADD CONSTRAINT "incoming_transfers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_transfers" ADD CONSTRAINT "incoming_transfers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_transfers" ADD CONSTRAINT "incoming_transfers_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD CONSTRAINT "payment_instructions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_exports" ADD CONSTRAINT "history_exports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_profiles" ADD CONSTRAINT "registration_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_profiles" ADD CONSTRAINT "registration_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_profiles" ADD CONSTRAINT "registration_profiles_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_authorizations" ADD CONSTRAINT "sso_authorizations_client_id_sso_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sso_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_authorizations" ADD CONSTRAINT "sso_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_approvals" ADD CONSTRAINT "transfer_approvals_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_approvals" ADD CONSTRAINT "transfer_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_daily_usage" ADD CONSTRAINT "transfer_daily_usage_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_templates" ADD CONSTRAINT "transfer_templates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_payer_customer_id_customers_id_fk" FOREIGN KEY ("payer_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_payee_customer_id_customers_id_fk" FOREIGN KEY ("payee_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_blacklist" ADD CONSTRAINT "payout_blacklist_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("queue","singleton_key") WHERE "jobs"."status" = 'pending' and "jobs"."singleton_key" is not null;--> statement-breakpoint
CREATE INDEX "accounts_customer_idx" ON "accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_ledger_account_key" ON "accounts" USING btree ("ledger_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_open_type_currency_key" ON "accounts" USING btree ("customer_id","type_id","currency") WHERE "accounts"."status_id" <> 11;--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_transfers_rail_reference_key" ON "incoming_transfers" USING btree ("rail","rail_reference");--> statement-breakpoint
CREATE INDEX "incoming_transfers_account_idx" ON "incoming_transfers" USING btree ("account_id","received_at");--> statement-breakpoint
CREATE INDEX "incoming_transfers_received_idx" ON "incoming_transfers" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instructions_account_rail_key" ON "payment_instructions" USING btree ("account_id","rail");--> statement-breakpoint
CREATE INDEX "history_exports_customer_idx" ON "history_exports" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "history_exports_expires_idx" ON "history_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_user_key" ON "activation_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_link_token_hash_key" ON "activation_codes" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_confirmations_token_hash_key" ON "email_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_confirmations_user_email_idx" ON "email_confirmations" USING btree ("user_id","email");--> statement-breakpoint
CREATE INDEX "password_resets_email_created_idx" ON "password_resets" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_reset_token_hash_key" ON "password_resets" USING btree ("reset_token_hash");--> statement-breakpoint
CREATE INDEX "public_request_counters_window_idx" ON "public_request_counters" USING btree ("window_started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_profiles_phone_key" ON "registration_profiles" USING btree ("phone") WHERE "registration_profiles"."phone" is not null;--> statement-breakpoint
CREATE INDEX "registration_profiles_customer_idx" ON "registration_profiles" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_authorizations_code_hash_key" ON "sso_authorizations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sso_authorizations_user_created_idx" ON "sso_authorizations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sso_authorizations_pending_idx" ON "sso_authorizations" USING btree ("expires_at") WHERE "sso_authorizations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "standing_orders_customer_idx" ON "standing_orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_orders_first_transfer_key" ON "standing_orders" USING btree ("first_transfer_id");--> statement-breakpoint
CREATE INDEX "transfer_approvals_user_pending_idx" ON "transfer_approvals" USING btree ("user_id","expires_at") WHERE "transfer_approvals"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_templates_customer_name_key" ON "transfer_templates" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "transfers_payer_created_idx" ON "transfers" USING btree ("payer_customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transfers_payee_created_idx" ON "transfers" USING btree ("payee_customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_standing_order_run_key" ON "transfers" USING btree ("standing_order_id","run_number") WHERE "transfers"."standing_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_blacklist_customer_email_key" ON "payout_blacklist" USING btree ("customer_id","email");--> statement-breakpoint
CREATE INDEX "payout_blacklist_email_idx" ON "payout_blacklist" USING btree ("email");