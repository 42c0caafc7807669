import { AccountType } from '@app/shared/accounts';
import { AccessRight, CLOSED_ACCOUNT_STATUS } from '@app/shared/constants';
import { preparedSql, type Database } from '../../db/client';
import type { CustomerAccount } from './transfer-plans';

/**
 * What the P2P batch writer (p2p-batches.ts) reads before it writes: for every transfer of a batch,
 * in one statement, what the single path reads in seven (the payer and their rights, the source
 * account, the payee, their account in the currency, the blacklists both ways, and who acts for
 * the payee, for the live notice). It reads the customers', accounts' and security domains' tables
 * directly, the one place in this domain that does: the hot path's round trips are the price of
 * asking each domain in turn. Each column mirrors the service function named beside it, and the
 * batch writer sends a transfer on the single path whenever one of them says anything but yes.
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
    exists (
      select 1 from payout_blacklist as b
      where (b.customer_id = v.customer_id and b.email = lower(payee.email))
        or (b.customer_id = payee_access.customer_id and b.email = lower(payer.email))
    ) as is_blocked,
    (
      select array_agg(audience.user_id order by audience.user_id) from customer_access as audience
      where audience.customer_id = payee_access.customer_id and audience.access_rights > 0
    ) as payee_audience
  from unnest($1::integer[], $2::integer[], $3::integer[], $4::text[], $5::text[])
    with ordinality as v(user_id, customer_id, account_id, to_email, currency, n)
  left join users as payer on payer.id = v.user_id
  left join customers as customer on customer.id = v.customer_id
  left join customer_access as payer_access
    on payer_access.user_id = v.user_id and payer_access.customer_id = v.customer_id and payer_access.access_rights > 0
  left join accounts as from_account on from_account.id = v.account_id and from_account.customer_id = v.customer_id
  left join users as payee on payee.email = v.to_email
  left join lateral (
    select access.customer_id, access.access_rights
    from customer_access as access
    join customers as payee_customer on payee_customer.id = access.customer_id
    where access.user_id = payee.id and access.access_rights > 0
    order by access.is_default desc, access.customer_id asc
    limit 1
  ) as payee_access on true
  left join accounts as to_account
    on to_account.customer_id = payee_access.customer_id and to_account.type_id = ${AccountType.PAYMENT}
    and to_account.currency = v.currency and to_account.status_id <> ${CLOSED_ACCOUNT_STATUS}
  order by v.n`,
);

export interface P2PContextRequest {
  userId: number;
  customerId: number;
  accountId: number;
  /** As the customer typed it; compared lower-case, as logins are stored. */
  toEmail: string;
  currency: string;
}

/** What the single path would find, when it would find the plain case; null where it would not. */
export interface P2PContext {
  payer: { login: string; approvalMode: number } | null;
  from: CustomerAccount | null;
  payee: { customerId: number; email: string; audience: number[] } | null;
  to: CustomerAccount | null;
  isBlocked: boolean;
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

export async function findP2PContexts(db: Database, requests: P2PContextRequest[]): Promise<P2PContext[]> {
  const rows = await contextStatement(db, [
    requests.map((request) => request.userId),
    requests.map((request) => request.customerId),
    requests.map((request) => request.accountId),
    requests.map((request) => request.toEmail.toLowerCase()),
    requests.map((request) => request.currency),
  ]);
  if (rows.length !== requests.length) throw new Error('the P2P context statement lost a row');
  return rows.map((row) => {
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
    };
  });
}
