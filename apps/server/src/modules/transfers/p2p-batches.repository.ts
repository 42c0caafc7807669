import assert from 'node:assert/strict';
import { AccountType } from '@app/shared/accounts';
import { AccessRight, CLOSED_ACCOUNT_STATUS } from '@app/shared/constants';
import { preparedSql, type Database } from '../../db/client';
import type { LedgerAccountStatus } from '../../db/schema/ledger';
import type { IdempotencyOutcome } from '../../db/schema/platform';
import { settledKeyParametersOf, settledKeysCte, type IdempotencyRequest, type Json } from '../../platform/idempotency';
import type { EnqueueJob } from '../../platform/jobs';
import { LIVE_EVENTS_CHANNEL } from '../../platform/live-channel';
import { actingCustomerSql, hasPendingTermsSql } from '../customers/customers.service';
import * as ledger from '../ledger/ledger.service';
import type { CustomerAccount } from './transfer-plans';
import {
  NEW_TRANSFERS_PARAMETER_COUNT,
  newTransfersCtes,
  newTransfersParametersOf,
  type DailyUsageKey,
  type NewTransfer,
} from './transfers.repository';

/**
 * The statements of the P2P batch writer (p2p-batches.ts).
 *
 * The read: for every transfer of a batch, in one statement, what the single path reads in seven
 * (the payer and their rights, the source account, the payee, their account in the currency, the
 * blacklists both ways, and who acts for the payee, for the live notice), and what its writes will
 * check (the ledger accounts, the day's usage, whether the key was used). It reads the customers',
 * accounts', security, ledger and idempotency tables directly, the one place in this domain that
 * does: the hot path's round trips are the price of asking each domain in turn. Each column
 * mirrors the service function named beside it, and the batch writer sends a transfer on the
 * single path whenever one of them says anything but yes. The payer's side and the payee's side
 * each come with a fingerprint of what was read, for the write to compare.
 *
 * The write: one statement, atomic on its own, that stores the keys with their answers, adds the
 * day's usage, writes the ledger (ledger.repository.ts `guardedWriteCtes`), the transfers and their
 * jobs, queues the payees' live notices, and then checks that what the plan assumed still holds:
 * no key used, no limit passed, every account open and at or above its floor, both sides of each
 * transfer as fingerprinted, no blacklist between them, and each call still acting for its payer
 * with no terms pending (the dispatcher's rule, customers.service `actingCustomerSql`, checked
 * here at the commit, as the dispatcher may have taken the payer from an earlier call); if not, it
 * raises and writes (and notifies) nothing. It returns the ledger accounts and the days' usage as
 * written, so the writer can plan its next batch without reading them again.
 *
 * The ids of new transfers and ledger transactions are drawn ahead, many at a time (`drawP2PIds`).
 */

interface ContextRow {
  n: number;
  /** customersService.customerInfo */
  payer_email: string | null;
  payer_approve_mode: number | null;
  customer_type: string | null;
  payer_rights: number | null;
  /** accountsService.requireCustomerAccount, as JSON of the account row */
  from_account: AccountJson | null;
  /** findPayee */
  payee_email: string | null;
  payee_status: string | null;
  payee_is_admin: boolean | null;
  payee_customer_id: number | null;
  payee_rights: number | null;
  /** payeeAccountOf, when the account exists */
  to_account: AccountJson | null;
  /** isBlockedBetween */
  is_blocked: boolean;
  /** customers' live audience port: who acts for the payee */
  payee_audience: number[] | null;
  /** the ledger accounts the transfer moves money between, as ledgerAccountJson */
  from_ledger: LedgerAccountJson | null;
  to_ledger: LedgerAccountJson | null;
  fee_ledger: LedgerAccountJson | null;
  /** the day's P2P usage of the payer in the currency */
  used_minor: string | null;
  /** whether the idempotency key was used */
  is_key_used: boolean;
  /** `SENDER_FINGERPRINT` and `PAYEE_FINGERPRINT` */
  sender_fingerprint: string;
  payee_fingerprint: string;
}

/** id, status, currency, balance, held, floor, shard count */
type LedgerAccountJson = [string, LedgerAccountStatus, string, string, string, string | null, number];

/** A ledger_accounts row `l` as `LedgerAccountJson`. */
function ledgerAccountJsonOf(l: string): string {
  return `json_build_array(${l}.id::text, ${l}.status, ${l}.currency, ${l}.balance_minor::text, ${l}.held_minor::text,
    ${l}.minimum_balance_minor::text, ${l}.balance_shard_count)`;
}

function ledgerAccountJson(id: string): string {
  return `(select ${ledgerAccountJsonOf('l')} from ledger_accounts as l where l.id = ${id})`;
}

interface AccountJson {
  id: number;
  customer_id: number;
  type_id: number;
  sub_type: CustomerAccount['subType'];
  currency: string;
  status_id: number;
  ledger_account_id: number | string;
  alias_name: string | null;
  wallet_address: string | null;
  settlement_account_id: number | null;
  created_at: string;
}

/**
 * The joins that find a transfer's two sides, over `v`(user_id, customer_id, account_id, to_email,
 * currency): the read's and the write's check are the same text, so they cannot disagree. The
 * payee's access row needs no join to its customer (customerAccesses reads the customer's name
 * through one): its customer_id references customers and is not null.
 */
const CONTEXT_JOINS = `left join users as payer on payer.id = v.user_id
  left join customers as customer on customer.id = v.customer_id
  left join customer_access as payer_access
    on payer_access.user_id = v.user_id and payer_access.customer_id = v.customer_id and payer_access.access_rights > 0
  left join accounts as from_account on from_account.id = v.account_id and from_account.customer_id = v.customer_id
  left join users as payee on payee.email = v.to_email
  left join lateral (
    select access.customer_id, access.access_rights
    from customer_access as access
    where access.user_id = payee.id and access.access_rights > 0
    order by access.is_default desc, access.customer_id asc
    limit 1
  ) as payee_access on true
  left join accounts as to_account
    on to_account.customer_id = payee_access.customer_id and to_account.type_id = ${AccountType.PAYMENT}
    and to_account.currency = v.currency and to_account.status_id <> ${CLOSED_ACCOUNT_STATUS}
  left join lateral (
    select array_agg(audience.user_id order by audience.user_id) as user_ids from customer_access as audience
    where audience.customer_id = payee_access.customer_id and audience.access_rights > 0
  ) as payee_audience on true`;

/** isBlockedBetween, both ways */
const IS_BLOCKED = `exists (
    select 1 from payout_blacklist as b
    where (b.customer_id = v.customer_id and b.email = lower(payee.email))
      or (b.customer_id = payee_access.customer_id and b.email = lower(payer.email))
  )`;

/**
 * What the payer's side and the payee's side were when read: a change detector (not a secret),
 * over every column the plan is made from.
 */
const SENDER_FINGERPRINT = `md5(json_build_array(payer.email, payer.transaction_approve_mode, customer.customer_type,
    payer_access.access_rights, to_json(from_account))::text)`;
const PAYEE_FINGERPRINT = `md5(json_build_array(payee.email, payee.status, payee.is_admin, payee_access.customer_id,
    payee_access.access_rights, to_json(to_account), payee_audience.user_ids)::text)`;

const contextStatement = preparedSql<ContextRow>(
  'transfers_p2p_batch_context',
  `select
    v.n::integer as n,
    payer.email as payer_email,
    payer.transaction_approve_mode as payer_approve_mode,
    customer.customer_type,
    payer_access.access_rights as payer_rights,
    to_json(from_account) as from_account,
    payee.email as payee_email,
    payee.status as payee_status,
    payee.is_admin as payee_is_admin,
    payee_access.customer_id as payee_customer_id,
    payee_access.access_rights as payee_rights,
    to_json(to_account) as to_account,
    ${IS_BLOCKED} as is_blocked,
    payee_audience.user_ids as payee_audience,
    ${ledgerAccountJson('from_account.ledger_account_id')} as from_ledger,
    ${ledgerAccountJson('to_account.ledger_account_id')} as to_ledger,
    ${ledgerAccountJson('v.fee_ledger_id')} as fee_ledger,
    (
      select usage.used_minor::text from transfer_daily_usage as usage
      where usage.customer_id = v.customer_id and usage.kind = 'p2p' and usage.currency = v.currency
        and usage.day = v.day
    ) as used_minor,
    exists (select 1 from idempotency_keys as k where k.scope = v.scope and k.key = v.key) as is_key_used,
    ${SENDER_FINGERPRINT} as sender_fingerprint,
    ${PAYEE_FINGERPRINT} as payee_fingerprint
  from unnest(
    $1::integer[], $2::integer[], $3::integer[], $4::text[], $5::text[], $6::date[], $7::text[], $8::text[], $9::bigint[]
  ) with ordinality as v(user_id, customer_id, account_id, to_email, currency, day, scope, key, fee_ledger_id, n)
  ${CONTEXT_JOINS}
  order by v.n`,
);

export interface P2PContextRequest {
  userId: number;
  customerId: number;
  accountId: number;
  /** As the customer typed it; compared lower-case, as logins are stored. */
  toEmail: string;
  currency: string;
  /** The day the usage counts on (transfer-execution.ts `dayOf`). */
  day: string;
  key: Pick<IdempotencyRequest, 'scope' | 'key'>;
  /** The ledger account that takes the transfer's fee in its currency. */
  feeLedgerAccountId: number;
}

/** What the single path would find, when it would find the plain case; null where it would not. */
export interface P2PContext {
  payer: { login: string; approvalMode: number } | null;
  from: CustomerAccount | null;
  payee: { customerId: number; email: string; audience: number[] } | null;
  to: CustomerAccount | null;
  isBlocked: boolean;
  /** The ledger accounts found of the source, the destination and the fee, by id. */
  ledgerAccounts: Map<number, ledger.AccountSnapshot>;
  /** What the payer's P2P transfers in the currency took on the day. */
  usedMinor: bigint;
  isKeyUsed: boolean;
  /** What the batch write compares to the payer's and the payee's side when it writes. */
  senderFingerprint: string;
  payeeFingerprint: string;
}

function snapshotOf(json: LedgerAccountJson): ledger.AccountSnapshot {
  const [id, status, currency, balance, held, floor, shardCount] = json;
  return {
    id: Number(id),
    status,
    currency,
    balanceMinor: BigInt(balance),
    heldMinor: BigInt(held),
    minimumBalanceMinor: floor === null ? null : BigInt(floor),
    balanceShardCount: shardCount,
  };
}

function accountOf(json: AccountJson | null): CustomerAccount | null {
  if (json === null) return null;
  return {
    accountId: json.id,
    customerId: json.customer_id,
    typeId: json.type_id,
    currency: json.currency,
    statusId: json.status_id,
    ledgerAccountId: Number(json.ledger_account_id),
    aliasName: json.alias_name,
    subType: json.sub_type,
    settlementAccountId: json.settlement_account_id,
    walletAddress: json.wallet_address,
    createdAt: new Date(json.created_at),
  };
}

/** The contexts of the requests, in order. */
export async function findP2PContexts(db: Database, requests: P2PContextRequest[]): Promise<P2PContext[]> {
  const rows = await contextStatement(db, [
    requests.map((request) => request.userId),
    requests.map((request) => request.customerId),
    requests.map((request) => request.accountId),
    requests.map((request) => request.toEmail.toLowerCase()),
    requests.map((request) => request.currency),
    requests.map((request) => request.day),
    requests.map((request) => request.key.scope),
    requests.map((request) => request.key.key),
    requests.map((request) => request.feeLedgerAccountId),
  ]);
  if (rows.length !== requests.length) throw new Error('the P2P context statement lost a row');
  return rows.map((row): P2PContext => {
    // customerInfo: a personal customer's user, or a company user with full rights (an
    // administrator acting for a company has no access row and full rights).
    const hasFullRights =
      row.customer_type === 'personal' ||
      (row.customer_type !== null && (row.payer_rights ?? AccessRight.FULL) === AccessRight.FULL);
    const isPayable =
      row.payee_email !== null &&
      row.payee_status === 'active' &&
      row.payee_is_admin === false &&
      row.payee_customer_id !== null &&
      row.payee_rights === AccessRight.FULL;
    return {
      payer:
        row.payer_email !== null && row.payer_approve_mode !== null && hasFullRights
          ? { login: row.payer_email, approvalMode: row.payer_approve_mode }
          : null,
      from: accountOf(row.from_account),
      payee:
        isPayable && row.payee_email !== null && row.payee_customer_id !== null
          ? { customerId: row.payee_customer_id, email: row.payee_email, audience: row.payee_audience ?? [] }
          : null,
      to: accountOf(row.to_account),
      isBlocked: row.is_blocked,
      ledgerAccounts: new Map(
        [row.from_ledger, row.to_ledger, row.fee_ledger].flatMap((json) => {
          if (json === null) return [];
          const snapshot = snapshotOf(json);
          return [[snapshot.id, snapshot] as const];
        }),
      ),
      usedMinor: BigInt(row.used_minor ?? '0'),
      isKeyUsed: row.is_key_used,
      senderFingerprint: row.sender_fingerprint,
      payeeFingerprint: row.payee_fingerprint,
    };
  });
}

const idsStatement = preparedSql<{ transfer_id: number; ledger_transaction_id: string }>(
  'transfers_p2p_batch_ids',
  `select nextval(pg_get_serial_sequence('transfers', 'id'))::integer as transfer_id,
    nextval(pg_get_serial_sequence('ledger_transactions', 'id'))::text as ledger_transaction_id
  from generate_series(1, $1::integer)`,
);

/** Ids for `count` transfers and their ledger transactions, drawn now; gaps (ids never used) are harmless. */
export async function drawP2PIds(
  db: Database,
  count: number,
): Promise<{ transferId: number; ledgerTransactionId: number }[]> {
  const rows = await idsStatement(db, [count]);
  return rows.map((row) => ({ transferId: row.transfer_id, ledgerTransactionId: Number(row.ledger_transaction_id) }));
}

/** A day's usage the batch adds to, with the most the day may reach. */
export interface UsageAddition {
  key: DailyUsageKey;
  amountMinor: bigint;
  dailyMaxMinor: bigint;
}

/** The sides of a transfer the plan was made on, for the write to compare (`findP2PContexts`). */
export interface PlannedSides {
  userId: number;
  /** The call's envelope (platform/main-api.ts `ActingCall`): the write checks it acts for `customerId`. */
  isAdmin: boolean;
  fromCustomerId: number | null;
  checksTerms: boolean;
  customerId: number;
  accountId: number;
  toEmail: string;
  currency: string;
  senderFingerprint: string;
  payeeFingerprint: string;
}

export interface P2PBatchWrite {
  /** Each transfer's sides as planned, in any order. */
  sides: PlannedSides[];
  /** Each key with its answer; distinct keys. */
  keys: { request: IdempotencyRequest; value: Json }[];
  /** One per usage row. */
  usage: UsageAddition[];
  ledger: ledger.GuardedWrite;
  transfers: NewTransfer[];
  jobs: EnqueueJob[];
  /** NOTIFY payloads on the live channel (LiveChannel `notificationsOf`): sent at the commit. */
  notifications: string[];
}

const KEYS_FIRST = 1;
const USAGE_FIRST = 5;
const LEDGER_FIRST = 11;
const TRANSFERS_FIRST = 24;
const JOBS_QUEUE = TRANSFERS_FIRST + NEW_TRANSFERS_PARAMETER_COUNT - 5;
const NOTIFICATIONS = TRANSFERS_FIRST + NEW_TRANSFERS_PARAMETER_COUNT;
const SIDES_FIRST = NOTIFICATIONS + 1;
const PARAMETER_COUNT = SIDES_FIRST + 9;

const [usageCustomers, usageKinds, usageCurrencies, usageDays, usageDeltas, usageMaxima] = [0, 1, 2, 3, 4, 5].map(
  (offset) => `$${USAGE_FIRST + offset}`,
);

const [
  sideUsers,
  sideCustomers,
  sideAccounts,
  sideEmails,
  sideCurrencies,
  senderPrints,
  payeePrints,
  sideAdmins,
  sideFromCustomers,
  sideChecksTerms,
] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((offset) => `$${SIDES_FIRST + offset}`);

/** The dispatcher's acting-context rule over a side `v`: the call acts for the payer, no terms pending. */
const IS_ACTING = `v.customer_id = ${actingCustomerSql({
  userId: 'v.user_id',
  isAdmin: 'v.is_admin',
  fromCustomerId: 'v.from_customer_id',
})} and not (v.checks_terms and ${hasPendingTermsSql('v.user_id')})`;

/** A day's usage row as written: customer, kind, currency, day, used. */
type UsageJson = [number, DailyUsageKey['kind'], string, string, string];

const writeStatement = preparedSql<{
  holds: boolean;
  stored: [string, string, IdempotencyOutcome][];
  accounts: LedgerAccountJson[];
  usage: UsageJson[];
}>(
  'transfers_p2p_batch_write',
  `with ${settledKeysCte({ name: 'stored_keys', first: KEYS_FIRST })}, usage as (
    insert into transfer_daily_usage as u (customer_id, kind, currency, day, used_minor)
    select v.customer_id, v.kind, v.currency, v.day, v.delta
    from unnest(${usageCustomers}::integer[], ${usageKinds}::text[], ${usageCurrencies}::text[], ${usageDays}::date[], ${usageDeltas}::bigint[])
      with ordinality as v(customer_id, kind, currency, day, delta, n)
    where (select count(*) from stored_keys) = cardinality($${KEYS_FIRST}::text[])
    order by v.n
    on conflict (customer_id, kind, currency, day) do update set used_minor = u.used_minor + excluded.used_minor
    returning u.customer_id, u.kind, u.currency, u.day, u.used_minor
  ), ${ledger.guardedWriteCtes({ first: LEDGER_FIRST, when: `(select count(*) from usage) = cardinality(${usageCustomers}::integer[])` })},
  ${newTransfersCtes({ first: TRANSFERS_FIRST })}, live_notices as (
    select pg_notify('${LIVE_EVENTS_CHANNEL}', payload) from unnest($${NOTIFICATIONS}::text[]) as payload
  ), sides as (
    select v.sender_fingerprint = ${SENDER_FINGERPRINT} and v.payee_fingerprint = ${PAYEE_FINGERPRINT}
      and not ${IS_BLOCKED} and ${IS_ACTING} as holds
    from unnest(${sideUsers}::integer[], ${sideCustomers}::integer[], ${sideAccounts}::integer[], ${sideEmails}::text[],
      ${sideCurrencies}::text[], ${senderPrints}::text[], ${payeePrints}::text[], ${sideAdmins}::boolean[],
      ${sideFromCustomers}::integer[], ${sideChecksTerms}::boolean[])
      as v(user_id, customer_id, account_id, to_email, currency, sender_fingerprint, payee_fingerprint, is_admin,
        from_customer_id, checks_terms)
    ${CONTEXT_JOINS}
  )
  select
    guard(
      (select count(*) from stored_keys) = cardinality($${KEYS_FIRST}::text[])
      and (select count(*) from usage) = cardinality(${usageCustomers}::integer[])
      and not exists (
        select 1 from usage
        join unnest(${usageCustomers}::integer[], ${usageKinds}::text[], ${usageCurrencies}::text[], ${usageDays}::date[], ${usageMaxima}::bigint[])
          as m(customer_id, kind, currency, day, max_minor)
          on m.customer_id = usage.customer_id and m.kind = usage.kind and m.currency = usage.currency and m.day = usage.day
        where usage.used_minor > m.max_minor
      )
      and ${ledger.guardedWriteHolds({ first: LEDGER_FIRST })}
      and (select count(*) from new_transfers) = cardinality($${TRANSFERS_FIRST}::integer[])
      and (select count(*) from new_transfer_jobs) = cardinality($${JOBS_QUEUE}::text[])
      and (select count(*) from live_notices) = cardinality($${NOTIFICATIONS}::text[])
      and (select count(*) filter (where holds) from sides) = cardinality(${sideUsers}::integer[])
      and (select count(*) from sides) = cardinality(${sideUsers}::integer[]),
      'a P2P batch no longer holds'
    ) as holds,
    (select coalesce(json_agg(json_build_array(scope, key, outcome)), '[]'::json) from stored_keys) as stored,
    (select coalesce(json_agg(${ledgerAccountJsonOf('ledger_rows')}), '[]'::json) from ledger_rows) as accounts,
    (
      select coalesce(json_agg(json_build_array(customer_id, kind, currency, day::text, used_minor::text)), '[]'::json)
      from usage
    ) as usage`,
);

/** What a batch wrote that its writer plans the next batch on. */
export interface P2PBatchWritten {
  /** Each key's answer as a replay will read it: scope, key, outcome. */
  stored: [string, string, IdempotencyOutcome][];
  /** The ordinary ledger accounts the batch changed, as they are after it. */
  accounts: ledger.AccountSnapshot[];
  /** The days' usage rows the batch added to, and what they hold after it. */
  usage: { key: DailyUsageKey; usedMinor: bigint }[];
}

/**
 * Writes a batch in one statement, in the global lock order (ledger-engine.ts: keys → usage →
 * account rows by id → shards by (account, shard)), and checks it; throws, having written nothing,
 * when a key was used, a day's usage would pass its limit, an account no longer keeps what the
 * plan assumed, either side of a transfer changed since it was read, or a call no longer acts for
 * its payer.
 */
export async function writeP2PBatch(db: Database, write: P2PBatchWrite): Promise<P2PBatchWritten> {
  const usage = [...write.usage].sort((a, b) => (usageIdOf(a.key) < usageIdOf(b.key) ? -1 : 1));
  assert.equal(new Set(usage.map((item) => usageIdOf(item.key))).size, usage.length, 'a usage row given twice');

  const parameters = [
    ...settledKeyParametersOf(write.keys),
    usage.map((item) => item.key.customerId),
    usage.map((item) => item.key.kind),
    usage.map((item) => item.key.currency),
    usage.map((item) => item.key.day),
    usage.map((item) => item.amountMinor.toString()),
    usage.map((item) => item.dailyMaxMinor.toString()),
    ...ledger.guardedWriteParametersOf(write.ledger),
    ...newTransfersParametersOf({ transfers: write.transfers, jobs: write.jobs }),
    write.notifications,
    write.sides.map((side) => side.userId),
    write.sides.map((side) => side.customerId),
    write.sides.map((side) => side.accountId),
    write.sides.map((side) => side.toEmail.toLowerCase()),
    write.sides.map((side) => side.currency),
    write.sides.map((side) => side.senderFingerprint),
    write.sides.map((side) => side.payeeFingerprint),
    write.sides.map((side) => side.isAdmin),
    write.sides.map((side) => side.fromCustomerId),
    write.sides.map((side) => side.checksTerms),
  ];
  assert.equal(parameters.length, PARAMETER_COUNT, 'the batch statement takes every parameter once');
  const [row] = await writeStatement(db, parameters);
  assert.ok(row?.holds === true, 'the batch statement returned no check');
  return {
    stored: row.stored,
    accounts: row.accounts.map(snapshotOf),
    usage: row.usage.map(([customerId, kind, currency, day, used]) => ({
      key: { customerId, kind, currency, day },
      usedMinor: BigInt(used),
    })),
  };
}

/** A usage row's identity, which orders the rows a batch locks. */
export function usageIdOf(key: DailyUsageKey): string {
  return `${key.customerId} ${key.kind} ${key.currency} ${key.day}`;
}
