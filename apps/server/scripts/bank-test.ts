/**
 * `npm run bank-test`: the money core under load, end to end over HTTP. It starts the server on a
 * fresh database (a new PostgreSQL database on DATABASE_URL's server, dropped afterwards, or an
 * in-memory PGlite), opens N customers with funded accounts, and lets concurrent clients make
 * random transfers between their own accounts and to each other. Some requests are cut off on
 * purpose before their answer arrives; every outcome the client does not know (a cut-off, a
 * timeout, a 5xx) is resolved the way a real client must: by sending the same request with the
 * same idempotency key again. While the clients run, readers sign in as each customer in turn and
 * read their balances as the web's accounts screen does (`balanceInquiry`), checking on every
 * answer what must hold at any moment: each balance at or above its floor (0.00: these accounts
 * allow no overdraft), available = balance − pending and not below the floor, the account's
 * currency, and that the read succeeds (no answer — a timeout or a 5xx while the server or
 * PostgreSQL is down — counts as unavailable and is retried, not as a violation). Then it checks
 * that nothing was lost or created:
 *
 * - the ledger verifies (every balance equals its postings, every transaction sums to zero);
 * - every account's balance equals its opening balance plus the transfers the clients were told
 *   succeeded (mismatches), every such transfer exists (lost), and no transfer exists that no
 *   client was told of (created);
 * - the money per currency held by customers, fees and FX equals what was paid in (conservation).
 *
 * Options: --customers N (8) --clients N (16) --seconds S (20) or --transfers N, --fx (also convert
 * between USD and EUR; conservation then holds per currency with the FX account's position
 * included), --cut-off F (0.05: the share of requests cut off after 0–30 ms), --kills N (on
 * PostgreSQL 3, else 0: the server then runs as a process of its own, server.ts, and is killed with
 * SIGKILL N times at even intervals of the run and started again on the same port and database;
 * clients retry across the restart with their keys), --pg-immediate (PostgreSQL crashes once: the
 * run starts a private PostgreSQL cluster of its own with the system's initdb and pg_ctl, in a
 * temporary folder on a free port, with fsync on — DATABASE_URL is not used — and halfway between
 * the first SIGKILL and the next (or the end) stops it with `pg_ctl stop -m immediate`, no
 * checkpoint, and starts it again through crash recovery while the clients keep retrying; the
 * server must reconnect on its own, else it is restarted and the log says so. As root the cluster
 * runs as the `postgres` OS user. It is stopped and removed afterwards, also on failure). Exit code
 * 0 when every check holds, 1 otherwise. The same run, shorter and without the PostgreSQL crash,
 * is part of the test suite (bank-test*.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AccountType } from '@app/shared/accounts';
import { type Account, balanceInquiry } from '@app/shared/api/accounts';
import { AccessRight, SUCCESS_CODE } from '@app/shared/constants';
import { formatAmount, parseAmount } from '@app/shared/money';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { SERVER_NODE_ARGUMENTS } from '../src/server-runtime';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { transfers } from '../src/db/schema/transfers';
import * as accountsService from '../src/modules/accounts/accounts.service';
import { hashPassword } from '../src/modules/auth/password-hash';
import * as customersRepository from '../src/modules/customers/customers.repository';
import * as ledger from '../src/modules/ledger/ledger.service';
import { createAccessTokens } from '../src/platform/access-token';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

export interface BankTestOptions {
  /** The PostgreSQL server to make the fresh database on; null: in-memory PGlite. */
  databaseUrl: string | null;
  customers: number;
  clients: number;
  /** Stop after this long… */
  durationMs?: number;
  /** …or after this many transfers were attempted. */
  transferCount?: number;
  isFxEnabled: boolean;
  /** Share of requests cut off before their answer (0..1). */
  cutOffRate: number;
  /**
   * Times the server is killed with SIGKILL and started again while the clients run (PostgreSQL
   * only: an in-memory PGlite dies with its process). 0: the server runs in this process.
   */
  kills?: number;
  /**
   * The PostgreSQL server behind databaseUrl, when the run may crash it: stopped once mid-run with
   * `pg_ctl stop -m immediate` and started again. The server then runs as a process of its own.
   */
  postgresToCrash?: Pick<PrivatePostgres, 'crash' | 'start'>;
  /** Where to report progress; silent when absent. */
  log?: (line: string) => void;
}

export interface BankTestReport {
  engine: 'postgres' | 'pglite';
  attempted: number;
  ok: number;
  refusedInsufficientFunds: number;
  refusedOther: number;
  /** Requests sent again with their key because the first answer never came (or was a 5xx). */
  retried: number;
  /** Transfers whose outcome stayed unknown after every retry. */
  unresolved: number;
  mismatches: number;
  lost: number;
  created: number;
  isLedgerConsistent: boolean;
  conservation: { currency: string; paidInMinor: bigint; heldMinor: bigint }[];
  durationMs: number;
  transfersPerSecond: number;
  /** SIGKILLs of the server survived (each followed by a restart). */
  kills: number;
  /** `pg_ctl stop -m immediate` crashes of PostgreSQL survived (each followed by crash recovery). */
  postgresImmediateStops: number;
  /** Balance lists the readers got an answer for, each checked against the invariants. */
  balanceReads: number;
  /** Balance reads that got no answer (a timeout, a dropped connection or a 5xx), each retried. */
  balanceReadsUnavailable: number;
  /** Answered balance reads that broke an invariant, or an answer that was not a success. */
  balanceReadViolations: number;
  isPassed: boolean;
}

const CURRENCIES = ['USD', 'EUR'] as const;
type BankCurrency = (typeof CURRENCIES)[number];
/**
 * Every account opens with 300.00 of its currency (both have two decimals): little enough that
 * accounts run dry and refusals for insufficient funds mix with the transfers that go through.
 */
const OPENING_BALANCE_MINOR = 30_000n;
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_RETRIES = 20;
/** With kills, a retry may have to outlast a restart: one more second per retry, up to this many. */
const MAX_RETRIES_ACROSS_RESTARTS = 120;
const MAX_CUT_OFF_MS = 30;
const SERVER_START_LIMIT_MS = 120_000;
/** How long PostgreSQL stays down after its crash, so requests in flight fail and clients retry. */
const POSTGRES_OUTAGE_MS = 2_000;
/** How long the server has to answer /health again by reconnecting, once PostgreSQL is back. */
const SERVER_RECONNECT_LIMIT_MS = 30_000;
const HEALTH_PROBE_TIMEOUT_MS = 5_000;
/** The web's accounts screen gives up on the balance list after this long; so does a reader. */
const BALANCE_READ_TIMEOUT_MS = 5_000;
/** Readers beside the clients, each walking every customer in turn from its own starting point. */
const BALANCE_READERS = 2;
/** Violations logged line by line; past this many they are only counted. */
const MAX_LOGGED_VIOLATIONS = 20;
const SERVER_ENTRY = fileURLToPath(new URL('../src/server.ts', import.meta.url));

interface BankCustomer {
  email: string;
  customerId: number;
  token: string;
  /** accountId by role. */
  accounts: { usd: number; usdReceiving: number; eur: number };
}

interface KnownTransfer {
  transactionId: number;
  fromAccountId: number;
  toAccountId: number;
  fromMinor: bigint;
  feeMinor: bigint;
  fromCurrency: string;
  toMinor: bigint;
  toCurrency: string;
}

interface TransferIntent {
  customer: BankCustomer;
  method: 'transferBetweenAccounts' | 'transferP2P';
  params: Record<string, unknown>;
  fromAccountId: number;
  toAccountId: number;
}

async function openFreshDatabase(
  adminUrl: string | null,
): Promise<{ handle: DatabaseHandle; engine: 'postgres' | 'pglite'; dispose(): Promise<void> }> {
  if (adminUrl === null) {
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDataDir: 'memory://' });
    return { handle, engine: 'pglite', dispose: () => handle.close() };
  }
  const name = `harbor_bank_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDataDir: '' });
  return {
    handle,
    engine: 'postgres',
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Customers with a USD payment, a USD receiving and an EUR payment account, funded as a settled bank transfer books it. */
async function openCustomers(
  db: Database,
  params: { count: number; runTag: string; signToken: (userId: number) => Promise<string> },
): Promise<BankCustomer[]> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const customers: BankCustomer[] = [];
  for (let index = 0; index < params.count; index += 1) {
    const email = `bank${index}.${params.runTag}@example.test`;
    const user = await customersRepository.insertUser(db, {
      email,
      passwordHash,
      firstName: 'Bank',
      lastName: `Tester ${index}`,
    });
    const customer = await customersRepository.insertCustomer(db, {
      customerType: 'personal',
      firstName: 'Bank',
      lastName: `Tester ${index}`,
      brand: 'harbor',
      verified: true,
    });
    await customersRepository.insertCustomerAccess(db, {
      userId: user.id,
      customerId: customer.id,
      accessRights: AccessRight.FULL,
      permissions: [],
      isDefault: true,
    });
    const open = (typeId: number, currency: BankCurrency) =>
      accountsService.openCustomerAccount(db, { customerId: customer.id, typeId, currency });
    const usd = await open(AccountType.PAYMENT, 'USD');
    const usdReceiving = await open(AccountType.RECEIVING, 'USD');
    const eur = await open(AccountType.PAYMENT, 'EUR');
    for (const account of [usd, usdReceiving, eur]) {
      const clearing = await ledger.systemAccount(db, 'clearing', account.currency);
      await ledger.postTransfer(db, {
        fromAccountId: clearing.id,
        toAccountId: account.ledgerAccountId,
        amountMinor: OPENING_BALANCE_MINOR,
        currency: account.currency,
        kind: 'incoming.bank',
        description: 'Bank test opening balance',
      });
    }
    customers.push({
      email,
      customerId: customer.id,
      token: await params.signToken(user.id),
      accounts: { usd: usd.accountId, usdReceiving: usdReceiving.accountId, eur: eur.accountId },
    });
  }
  return customers;
}

function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** 0.01 to 150.00: now and then more than an account holds, so refusals happen too. */
function randomAmount(): string {
  return formatAmount(BigInt(randomInt(1, 15_001)), 'USD');
}

function randomIntent(customers: BankCustomer[], isFxEnabled: boolean): TransferIntent {
  const customer = pick(customers);
  const { usd, usdReceiving, eur } = customer.accounts;
  const idempotencyKey = randomUUID();
  if (randomInt(2) === 0) {
    const routes: [number, number][] = isFxEnabled
      ? [
          [usd, usdReceiving],
          [usdReceiving, usd],
          [usd, eur],
          [eur, usd],
          [usdReceiving, eur],
        ]
      : [
          [usd, usdReceiving],
          [usdReceiving, usd],
        ];
    const [fromAccountId, toAccountId] = pick(routes);
    return {
      customer,
      method: 'transferBetweenAccounts',
      params: { fromAccount: fromAccountId, toAccount: toAccountId, toAmount: randomAmount(), idempotencyKey },
      fromAccountId,
      toAccountId,
    };
  }
  const payee = pick(customers.filter((candidate) => candidate !== customer));
  const currency: BankCurrency = pick(CURRENCIES);
  const fromAccountId = isFxEnabled ? pick([usd, eur]) : currency === 'USD' ? usd : eur;
  return {
    customer,
    method: 'transferP2P',
    params: { accountId: fromAccountId, amount: randomAmount(), currency, toEmail: payee.email, idempotencyKey },
    fromAccountId,
    toAccountId: currency === 'USD' ? payee.accounts.usd : payee.accounts.eur,
  };
}

type Outcome =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'refused'; code: string; fields: string[] }
  | { kind: 'unknown' };

async function send(baseUrl: string, intent: TransferIntent, cutOffMs: number | null): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), cutOffMs ?? REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(`${baseUrl}/api?method=${intent.method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${intent.customer.token}` },
      body: JSON.stringify({ method: intent.method, ...intent.params }),
      signal: controller.signal,
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status >= 500) return { kind: 'unknown' };
    if (body.responseCode === '00') return { kind: 'ok', body };
    const fields = Array.isArray(body.validationErrors)
      ? body.validationErrors.map((error: { field?: string }) => error.field ?? '')
      : [];
    return { kind: 'refused', code: String(body.responseCode), fields };
  } catch {
    // Cut off, timed out or the connection dropped: the transfer may or may not have happened.
    return { kind: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

function knownTransferOf(intent: TransferIntent, body: Record<string, unknown>): KnownTransfer {
  const fromCurrency = String(body.fromCurrencyCode);
  const toCurrency = String(body.toCurrencyCode);
  return {
    transactionId: Number(body.transactionId),
    fromAccountId: intent.fromAccountId,
    toAccountId: intent.toAccountId,
    fromMinor: parseAmount(String(body.fromAmount), fromCurrency),
    feeMinor: parseAmount(String(body.fee), fromCurrency),
    fromCurrency,
    toMinor: parseAmount(String(body.toAmount), toCurrency),
    toCurrency,
  };
}

type BalanceRead =
  { kind: 'answer'; accounts: Account[] } | { kind: 'failed'; reason: string } | { kind: 'unavailable' };

/** `balanceInquiry` as the web's accounts screen calls it, signed in as the customer. */
async function readBalances(baseUrl: string, customer: BankCustomer): Promise<BalanceRead> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${baseUrl}/api?method=${balanceInquiry.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ method: balanceInquiry.name }),
      signal: AbortSignal.timeout(BALANCE_READ_TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch {
    // Timed out, or the connection dropped while the server or PostgreSQL was down.
    return { kind: 'unavailable' };
  }
  if (status >= 500) return { kind: 'unavailable' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'failed', reason: `status ${status} with a body that is not JSON` };
  }
  const responseCode = typeof body === 'object' && body !== null && 'responseCode' in body ? body.responseCode : null;
  if (status !== 200 || responseCode !== SUCCESS_CODE) {
    return { kind: 'failed', reason: `status ${status}, responseCode ${String(responseCode)}` };
  }
  const parsed = balanceInquiry.output.safeParse(body);
  if (!parsed.success) {
    return { kind: 'failed', reason: `an answer off the balanceInquiry schema: ${parsed.error.issues[0]?.message}` };
  }
  return { kind: 'answer', accounts: parsed.data.accounts.account };
}

/**
 * What must hold for a customer's accounts at any moment, whatever transfers are in flight: the
 * customer's three accounts, each in its currency, with a balance at or above its floor (0.00, no
 * overdraft), nothing negative pending, and available = balance − pending, not below the floor.
 */
function balanceProblems(customer: BankCustomer, accounts: Account[]): string[] {
  const currencyOf = new Map<number, BankCurrency>([
    [customer.accounts.usd, 'USD'],
    [customer.accounts.usdReceiving, 'USD'],
    [customer.accounts.eur, 'EUR'],
  ]);
  const problems: string[] = [];
  const listed = new Set<number>();
  for (const account of accounts) {
    const where = `account ${account.accountId}`;
    const currency = currencyOf.get(account.accountId);
    if (currency === undefined || listed.has(account.accountId)) {
      problems.push(`${where} is listed but is not one of the customer's three, or is listed twice`);
      continue;
    }
    listed.add(account.accountId);
    if (account.customerId !== customer.customerId) problems.push(`${where} belongs to customer ${account.customerId}`);
    if (account.currencyCode !== currency) {
      problems.push(`${where} is in ${account.currencyCode}, not ${currency}`);
      continue;
    }
    let balanceMinor: bigint;
    let floorMinor: bigint;
    let pendingMinor: bigint;
    let availableMinor: bigint;
    try {
      const minorOf = (amount: string) => parseAmount(amount, currency, { allowNegative: true });
      balanceMinor = minorOf(account.balance);
      floorMinor = minorOf(account.accountBalanceMin);
      pendingMinor = minorOf(account.pendingAmount);
      availableMinor = minorOf(account.availableBalance);
    } catch (error) {
      problems.push(`${where} has an amount that is not ${currency}: ${String(error)}`);
      continue;
    }
    const amounts = `balance ${account.balance}, pending ${account.pendingAmount}, available ${account.availableBalance}`;
    if (floorMinor !== 0n) problems.push(`${where} has the floor ${account.accountBalanceMin}, not 0.00`);
    if (balanceMinor < floorMinor)
      problems.push(`${where} is below its floor ${account.accountBalanceMin}: ${amounts}`);
    if (pendingMinor < 0n) problems.push(`${where} has a negative pending amount: ${amounts}`);
    if (availableMinor !== balanceMinor - pendingMinor)
      problems.push(`${where} available is not balance − pending: ${amounts}`);
    if (availableMinor < floorMinor)
      problems.push(`${where} available is below the floor ${account.accountBalanceMin}: ${amounts}`);
  }
  for (const accountId of currencyOf.keys()) {
    if (!listed.has(accountId)) problems.push(`account ${accountId} is missing from the list`);
  }
  return problems;
}

/** A TCP port nothing listens on now, for a server that must come back on the same address. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become healthy within ${SERVER_START_LIMIT_MS} ms`);
}

/**
 * The server as a process of its own (the real entry, server.ts), so that it can be killed with
 * SIGKILL — no shutdown hook, no flush, transactions cut mid-way — and started again on the same
 * port and database.
 */
function serverProcess(env: Record<string, string>, baseUrl: string) {
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(process.execPath, [...SERVER_NODE_ARGUMENTS, SERVER_ENTRY], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = started;
    await waitUntilHealthy(baseUrl, started);
  };
  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    const running = child;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  /** Whether the running server answers /health again within the limit; false once its process is gone. */
  const isHealthyWithin = async (limitMs: number): Promise<boolean> => {
    const deadline = Date.now() + limitMs;
    while (Date.now() < deadline) {
      if (child === undefined || child.exitCode !== null || child.signalCode !== null) return false;
      try {
        const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(HEALTH_PROBE_TIMEOUT_MS) });
        if (response.ok) return true;
      } catch {
        // Not answering yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };
  /** How the server process ended ("exit code 1", "signal SIGKILL"), or null while it runs. */
  const exitStatus = (): string | null => {
    if (child === undefined) return null;
    if (child.exitCode !== null) return `exit code ${child.exitCode}`;
    return child.signalCode === null ? null : `signal ${child.signalCode}`;
  };
  return { start, stop, isHealthyWithin, exitStatus };
}

export async function runBankTest(options: BankTestOptions): Promise<BankTestReport> {
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-bank-test-'));
  const database = await openFreshDatabase(options.databaseUrl);
  const jwtSecret = randomBytes(32).toString('base64url');
  const encryptionKey = randomBytes(32).toString('base64');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    DATA_ENCRYPTION_KEY: encryptionKey,
    SEED_DEMO_DATA: 'false',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    JOBS_POLL_INTERVAL_MS: '1000',
  });
  const kills = options.kills ?? 0;
  const postgresToCrash = options.postgresToCrash;
  const handle = database.handle;
  if (kills > 0 && handle.kind !== 'postgres') throw new Error('killing the server needs PostgreSQL (DATABASE_URL)');
  if (postgresToCrash !== undefined && handle.kind !== 'postgres') {
    throw new Error('crashing PostgreSQL needs a PostgreSQL database');
  }
  // Killed or cut off from its database, the server runs as a process of its own.
  const isServerProcess = kills > 0 || postgresToCrash !== undefined;
  const app = isServerProcess ? undefined : (await buildApp({ config, database: handle })).app;
  const port = app === undefined ? await freePort() : 0;
  const server =
    handle.kind === 'postgres' && isServerProcess
      ? serverProcess(
          {
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: dataDir,
            DATABASE_URL: handle.connectionString,
            JWT_SECRET: jwtSecret,
            DATA_ENCRYPTION_KEY: encryptionKey,
            SEED_DEMO_DATA: 'false',
            API_RATE_LIMIT_PER_MINUTE: '1000000',
            ACCESS_TOKEN_TTL_SECONDS: '3600',
            JOBS_POLL_INTERVAL_MS: '1000',
          },
          `http://127.0.0.1:${port}`,
        )
      : undefined;
  try {
    let baseUrl: string;
    if (app !== undefined) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
      baseUrl = `http://127.0.0.1:${address.port}`;
    } else {
      baseUrl = `http://127.0.0.1:${port}`;
      await server?.start();
    }
    const db = database.handle.db;
    const accessTokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
    const customers = await openCustomers(db, {
      count: options.customers,
      runTag: randomUUID().slice(0, 8),
      signToken: (userId) => accessTokens.sign({ userId, sessionId: randomUUID(), isAdmin: false }),
    });
    log(
      `bank-test: ${database.engine}, ${customers.length} customers, ${options.clients} clients, FX ${options.isFxEnabled ? 'on' : 'off'}, ` +
        `${kills} SIGKILL restart(s) of the server` +
        (postgresToCrash === undefined ? '' : ', PostgreSQL stopped once with -m immediate'),
    );

    const counts = { attempted: 0, ok: 0, insufficientFunds: 0, refusedOther: 0, retried: 0, unresolved: 0 };
    const known: KnownTransfer[] = [];
    const startedAt = Date.now();
    const isDone = () =>
      options.transferCount !== undefined
        ? counts.attempted >= options.transferCount
        : Date.now() - startedAt >= (options.durationMs ?? 20_000);
    const maxRetries = isServerProcess ? MAX_RETRIES_ACROSS_RESTARTS : MAX_RETRIES;

    async function client(): Promise<void> {
      while (!isDone()) {
        counts.attempted += 1;
        const intent = randomIntent(customers, options.isFxEnabled);
        const isCutOff = Math.random() < options.cutOffRate;
        let outcome = await send(baseUrl, intent, isCutOff ? randomInt(MAX_CUT_OFF_MS + 1) : null);
        for (let retry = 0; outcome.kind === 'unknown' && retry < maxRetries; retry += 1) {
          counts.retried += 1;
          await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 20 * 2 ** retry)));
          outcome = await send(baseUrl, intent, null);
        }
        switch (outcome.kind) {
          case 'ok':
            counts.ok += 1;
            known.push(knownTransferOf(intent, outcome.body));
            break;
          case 'refused':
            if (outcome.code === 'VF' && outcome.fields.includes('amount')) counts.insufficientFunds += 1;
            else counts.refusedOther += 1;
            break;
          case 'unknown':
            counts.unresolved += 1;
            break;
        }
      }
    }
    /**
     * The disruptions, one at a time so that none overlaps another: the server killed at even
     * intervals of the run (by time, or by transfers attempted) and restarted each time, and
     * PostgreSQL crashed once halfway between the first kill and the next (or the end of the run).
     */
    const disruptions: { share: number; kind: 'kill' | 'postgres crash' }[] = [
      ...Array.from({ length: kills }, (_, index) => ({ share: (index + 1) / (kills + 1), kind: 'kill' as const })),
      ...(postgresToCrash === undefined
        ? []
        : [{ share: (kills === 0 ? 0.5 : 1.5) / (kills + 1), kind: 'postgres crash' as const }]),
    ].sort((a, b) => a.share - b.share);
    let killed = 0;
    let postgresImmediateStops = 0;
    async function killServer(): Promise<void> {
      if (server === undefined) return;
      const killedAt = Date.now();
      await server.stop('SIGKILL');
      await server.start();
      killed += 1;
      log(`server killed with SIGKILL (${killed} of ${kills}) and back after ${Date.now() - killedAt} ms`);
    }
    /**
     * Every connection the server holds breaks, and transactions in flight are cut mid-way; what
     * was committed must survive the crash recovery. The server is meant to reconnect on its own.
     */
    async function crashPostgres(): Promise<void> {
      if (server === undefined || postgresToCrash === undefined) return;
      const crashedAt = Date.now();
      await postgresToCrash.crash();
      await new Promise((resolve) => setTimeout(resolve, POSTGRES_OUTAGE_MS));
      const { isCrashRecovery } = await postgresToCrash.start();
      const postgresBackAt = Date.now();
      let serverOutcome: string;
      if (await server.isHealthyWithin(SERVER_RECONNECT_LIMIT_MS)) {
        serverOutcome = `the server reconnected on its own ${Date.now() - postgresBackAt} ms later`;
      } else {
        const exitStatus = server.exitStatus();
        await server.stop('SIGKILL');
        await server.start();
        serverOutcome =
          exitStatus === null
            ? `the server did NOT answer /health within ${SERVER_RECONNECT_LIMIT_MS} ms and was restarted`
            : `the server process did NOT survive (${exitStatus}) and was restarted`;
      }
      postgresImmediateStops += 1;
      log(
        `PostgreSQL stopped with -m immediate and back after ${postgresBackAt - crashedAt} ms ` +
          `(${isCrashRecovery ? 'crash recovery ran' : 'NO crash recovery in its log'}); ${serverOutcome}`,
      );
    }
    async function disrupt(): Promise<void> {
      for (const disruption of disruptions) {
        while (!isDone()) {
          const progress =
            options.transferCount !== undefined
              ? counts.attempted / options.transferCount
              : (Date.now() - startedAt) / (options.durationMs ?? 20_000);
          if (progress >= disruption.share) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        if (isDone()) return;
        if (disruption.kind === 'kill') await killServer();
        else await crashPostgres();
      }
    }
    const reads = { answered: 0, unavailable: 0, violations: 0 };
    // Set once the clients and the disruptions are over, the retries of their last requests included.
    // Read through a function: it is set in a callback, where narrowing cannot follow it.
    const traffic = { isOver: false };
    const isTrafficOver = () => traffic.isOver;
    async function reader(firstCustomerIndex: number): Promise<void> {
      for (let index = firstCustomerIndex; !isTrafficOver(); index += 1) {
        const customer = customers[index % customers.length];
        if (customer === undefined) return;
        let read = await readBalances(baseUrl, customer);
        for (let retry = 0; read.kind === 'unavailable'; retry += 1) {
          reads.unavailable += 1;
          if (isTrafficOver() || retry >= maxRetries) break;
          await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 20 * 2 ** retry)));
          read = await readBalances(baseUrl, customer);
        }
        if (read.kind === 'unavailable') continue;
        reads.answered += 1;
        const problems =
          read.kind === 'failed' ? [`the read failed: ${read.reason}`] : balanceProblems(customer, read.accounts);
        if (problems.length === 0) continue;
        reads.violations += 1;
        if (reads.violations <= MAX_LOGGED_VIOLATIONS) {
          log(`BALANCE READ VIOLATION customer ${customer.customerId}: ${problems.join('; ')}`);
        }
      }
    }
    const trafficOver = Promise.all([disrupt(), ...Array.from({ length: options.clients }, () => client())]).finally(
      () => {
        traffic.isOver = true;
      },
    );
    await Promise.all([
      trafficOver,
      ...Array.from({ length: BALANCE_READERS }, (_, index) =>
        reader(Math.floor((index * customers.length) / BALANCE_READERS)),
      ),
    ]);
    const durationMs = Date.now() - startedAt;

    // Expected balances: the opening ones plus every transfer a client was told succeeded.
    const expected = new Map<number, bigint>();
    for (const customer of customers) {
      for (const accountId of Object.values(customer.accounts)) expected.set(accountId, OPENING_BALANCE_MINOR);
    }
    for (const transfer of known) {
      expected.set(
        transfer.fromAccountId,
        (expected.get(transfer.fromAccountId) ?? 0n) - transfer.fromMinor - transfer.feeMinor,
      );
      expected.set(transfer.toAccountId, (expected.get(transfer.toAccountId) ?? 0n) + transfer.toMinor);
    }
    let mismatches = 0;
    const heldByCurrency = new Map<string, bigint>();
    for (const customer of customers) {
      for (const accountId of Object.values(customer.accounts)) {
        const account = await accountsService.requireCustomerAccount(db, {
          customerId: customer.customerId,
          accountId,
        });
        const money = await ledger.getAccount(db, account.ledgerAccountId);
        if (money.balanceMinor !== expected.get(accountId) || money.heldMinor !== 0n) {
          mismatches += 1;
          log(
            `MISMATCH account ${accountId}: ledger ${money.balanceMinor}, expected ${String(expected.get(accountId))}`,
          );
        }
        heldByCurrency.set(account.currency, (heldByCurrency.get(account.currency) ?? 0n) + money.balanceMinor);
      }
    }
    for (const currency of CURRENCIES) {
      for (const purpose of ['fees', 'fx'] as const) {
        const system = await ledger.systemAccount(db, purpose, currency);
        heldByCurrency.set(currency, (heldByCurrency.get(currency) ?? 0n) + system.balanceMinor);
      }
    }
    // Two USD accounts and one EUR account per customer.
    const conservation = CURRENCIES.map((currency) => ({
      currency,
      paidInMinor: OPENING_BALANCE_MINOR * BigInt(customers.length) * (currency === 'USD' ? 2n : 1n),
      heldMinor: heldByCurrency.get(currency) ?? 0n,
    }));

    // Lost: told succeeded but not there. Created: there but nobody was told.
    const stored = await db
      .select({ id: transfers.id, status: transfers.status })
      .from(transfers)
      .where(
        inArray(
          transfers.payerCustomerId,
          customers.map((customer) => customer.customerId),
        ),
      );
    const storedCompleted = new Set(stored.filter((row) => row.status === 'completed').map((row) => row.id));
    const knownIds = new Set(known.map((transfer) => transfer.transactionId));
    const lost = [...knownIds].filter((id) => !storedCompleted.has(id)).length;
    const created =
      [...storedCompleted].filter((id) => !knownIds.has(id)).length + (stored.length - storedCompleted.size);
    const duplicates = known.length - knownIds.size;

    const verification = await ledger.verifyLedger(db);
    const isConserved = conservation.every((row) => row.paidInMinor === row.heldMinor);
    const report: BankTestReport = {
      engine: database.engine,
      attempted: counts.attempted,
      ok: counts.ok,
      refusedInsufficientFunds: counts.insufficientFunds,
      refusedOther: counts.refusedOther,
      retried: counts.retried,
      unresolved: counts.unresolved,
      mismatches: mismatches + duplicates,
      lost,
      created,
      isLedgerConsistent: verification.isConsistent,
      conservation,
      durationMs,
      transfersPerSecond: Math.round((counts.attempted * 1000) / Math.max(1, durationMs)),
      kills: killed,
      postgresImmediateStops,
      balanceReads: reads.answered,
      balanceReadsUnavailable: reads.unavailable,
      balanceReadViolations: reads.violations,
      isPassed:
        killed === kills &&
        postgresImmediateStops === (postgresToCrash === undefined ? 0 : 1) &&
        verification.isConsistent &&
        isConserved &&
        mismatches + duplicates === 0 &&
        lost === 0 &&
        created === 0 &&
        counts.unresolved === 0 &&
        reads.answered > 0 &&
        reads.violations === 0,
    };
    return report;
  } finally {
    await app?.close();
    await server?.stop('SIGTERM');
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatReport(report: BankTestReport): string[] {
  return [
    `engine ${report.engine}, ${(report.durationMs / 1000).toFixed(1)} s, ${report.transfersPerSecond} transfers/s attempted`,
    `transfers ok=${report.ok} refused insufficient funds=${report.refusedInsufficientFunds} refused other=${report.refusedOther} of ${report.attempted}`,
    `retried=${report.retried} unresolved=${report.unresolved} server SIGKILLs survived=${report.kills} ` +
      `PostgreSQL immediate stops survived=${report.postgresImmediateStops}`,
    `balance reads=${report.balanceReads} unavailable=${report.balanceReadsUnavailable} violations=${report.balanceReadViolations}`,
    `mismatches=${report.mismatches} lost=${report.lost} created=${report.created} ledger ${report.isLedgerConsistent ? 'consistent' : 'INCONSISTENT'}`,
    ...report.conservation.map(
      (row) =>
        `${row.currency}: paid in ${formatAmount(row.paidInMinor, row.currency)}, held by customers, fees and FX ${formatAmount(row.heldMinor, row.currency)}${row.paidInMinor === row.heldMinor ? '' : ' DIFFERENT'}`,
    ),
    report.isPassed ? 'PASSED' : 'FAILED',
  ];
}

function optionValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number`);
  return parsed;
}

function killCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 100) throw new Error('--kills must be 0 to 100');
  return parsed;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const transferCount = optionValue(args, 'transfers');
  const isPostgresCrashed = args.includes('--pg-immediate');
  // The shared PostgreSQL server may not be stopped: the crash happens to a private cluster.
  const postgres = isPostgresCrashed ? await startPrivatePostgres({ port: await freePort() }) : undefined;
  const databaseUrl = postgres?.adminUrl ?? process.env.DATABASE_URL ?? null;
  // pg_ctl starts the cluster in a session of its own, so an interrupt would leave it running.
  const disposeOnSignal = (signal: NodeJS.Signals) => {
    void postgres?.dispose().finally(() => process.kill(process.pid, signal));
  };
  if (postgres !== undefined) {
    process.once('SIGINT', disposeOnSignal);
    process.once('SIGTERM', disposeOnSignal);
  }
  try {
    const report = await runBankTest({
      databaseUrl,
      customers: Math.max(2, Math.floor(positiveNumber(optionValue(args, 'customers'), 8, 'customers'))),
      clients: Math.floor(positiveNumber(optionValue(args, 'clients'), 16, 'clients')),
      durationMs: positiveNumber(optionValue(args, 'seconds'), 20, 'seconds') * 1000,
      transferCount:
        transferCount === undefined ? undefined : Math.floor(positiveNumber(transferCount, 1, 'transfers')),
      isFxEnabled: args.includes('--fx'),
      cutOffRate: Math.min(1, Number(optionValue(args, 'cut-off') ?? '0.05')),
      // On PostgreSQL the server is killed three times unless told otherwise (--kills 0 keeps it in
      // process, unless PostgreSQL is crashed too).
      kills: killCount(optionValue(args, 'kills') ?? (databaseUrl === null ? '0' : '3')),
      postgresToCrash: postgres,
      log: (line) => console.log(line),
    });
    for (const line of formatReport(report)) console.log(line);
    return report.isPassed ? 0 : 1;
  } finally {
    process.off('SIGINT', disposeOnSignal);
    process.off('SIGTERM', disposeOnSignal);
    await postgres?.dispose();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (exitCode) => {
      process.exitCode = exitCode;
    },
    (error: unknown) => {
      console.error('bank-test could not run:', error);
      process.exitCode = 2;
    },
  );
}
