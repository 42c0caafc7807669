import { AccessIpMode, MAX_IP_ALLOW_LIST_ENTRIES, type IpAllowListEntry } from '@app/shared/api/security';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors, type AppError } from '../../platform/errors';
import { customerAccessPort } from '../customers/customers.service';
import { isInRanges, parseAddress, parseRange, rangeOf, type AddressRange, type RangeProblem } from './ip-allow-list';
import {
  createRefusalThrottle,
  REFUSAL_AUDIT_WINDOW_MS,
  REFUSAL_THROTTLE_MAX_KEYS,
  type GuardedAccess,
} from './ip-allow-list-refusals';
import * as repository from './ip-allow-list.repository';
import { recordSecurityChange } from './security-notice';

export type { GuardedAccess } from './ip-allow-list-refusals';

/**
 * The IP allow-list (spec 001 §3, §4 "Security"): with the mode on, a customer's sign-ins and calls
 * are accepted only from the listed addresses. The check runs on every main-API call, so each
 * customer's list is cached in memory (mode off is cached too: most customers never turn it on).
 * A change made through this process drops its entry at once; other processes pick it up within
 * CACHE_TTL_MS, the price of not reading the table on every call.
 */
const CACHE_TTL_MS = 15_000;
/** Bounds the memory the cache can take; the oldest entries go first. */
const CACHE_MAX_CUSTOMERS = 10_000;

export const IP_REFUSED_TEXT = 'Access from your IP address is not allowed for this account.';

/** The answer to a call the allow-list refuses (ENOA). */
export function ipRefusedError(): AppError {
  return errors.noAccess(IP_REFUSED_TEXT);
}

interface CachedAccess {
  /** null: the mode is off, every address is allowed. */
  ranges: AddressRange[] | null;
  expiresAt: number;
}

/** Who calls, from where, and through which door: a refusal is audited with all of it. */
export interface GuardedCall {
  userId: number;
  ip: string;
  access: GuardedAccess;
}

export interface IpAccessGuard {
  /** Refuses (ENOA) a call of the customer from an address outside its allow-list. */
  assertCustomerAllowed(params: GuardedCall & { customerId: number }): Promise<void>;
  /** The same for a user before they act for anyone: sign-in and the auth routes use their default customer. */
  assertUserAllowed(params: GuardedCall): Promise<void>;
  /** Whether the customer's allow-list admits the address: the check alone, recording no refusal. */
  allowsCustomer(params: { customerId: number; ip: string }): Promise<boolean>;
  /** assertUserAllowed as an answer, for callers that record the refusal in their own way first. */
  isUserAllowed(params: GuardedCall): Promise<boolean>;
  /** Drops the cached list of a customer after a change. */
  forget(customerId: number): void;
}

const guards = new WeakMap<Database, IpAccessGuard>();

/** One guard (and one cache) per database handle, shared by the dispatcher, the routes and sign-in. */
export function ipAccessGuardOf(db: Database): IpAccessGuard {
  const existing = guards.get(db);
  if (existing !== undefined) return existing;
  const guard = createGuard(db);
  guards.set(db, guard);
  return guard;
}

function createGuard(db: Database): IpAccessGuard {
  const cache = new Map<number, CachedAccess>();
  // At most one audit row per user, customer, door and address a minute (ip-allow-list-refusals.ts).
  const refusals = createRefusalThrottle({ windowMs: REFUSAL_AUDIT_WINDOW_MS, maxKeys: REFUSAL_THROTTLE_MAX_KEYS });

  async function accessOf(customerId: number): Promise<CachedAccess> {
    const now = Date.now();
    const cached = cache.get(customerId);
    if (cached !== undefined && cached.expiresAt > now) return cached;
    const mode = await repository.findMode(db, { customerId });
    const ranges =
      mode === AccessIpMode.ON
        ? (await repository.listEntries(db, { customerId, limit: MAX_IP_ALLOW_LIST_ENTRIES }))
            .map(rangeOf)
            .filter((range): range is AddressRange => range !== null)
        : null;
    const access = { ranges, expiresAt: now + CACHE_TTL_MS };
    cache.delete(customerId);
    if (cache.size >= CACHE_MAX_CUSTOMERS) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(customerId, access);
    return access;
  }

  async function allowsCustomer(call: { customerId: number; ip: string }): Promise<boolean> {
    const { ranges } = await accessOf(call.customerId);
    if (ranges === null) return true;
    const address = parseAddress(call.ip);
    return address !== null && isInRanges(address, ranges);
  }

  async function isCustomerAllowed(call: GuardedCall & { customerId: number }): Promise<boolean> {
    if (await allowsCustomer(call)) return true;
    const admitted = refusals.admit([call.userId, call.customerId, call.access, call.ip].join(' '));
    if (admitted.isRecorded) {
      await recordAudit(db, {
        actorUserId: call.userId,
        customerId: call.customerId,
        action: 'security.ipAccessRefused',
        details: { access: call.access, heldBackCount: admitted.heldBackCount },
        ip: call.ip,
      });
    }
    return false;
  }

  async function isUserAllowed(call: GuardedCall): Promise<boolean> {
    const acting = await customerAccessPort.actingContext(db, {
      // Only the user's default customer is read; the session id plays no part in it.
      session: { userId: call.userId, sessionId: '', isAdmin: false },
      fromCustomerId: undefined,
      checksTerms: false,
    });
    return acting.customerId === null || isCustomerAllowed({ ...call, customerId: acting.customerId });
  }

  return {
    async assertCustomerAllowed(call) {
      if (!(await isCustomerAllowed(call))) throw ipRefusedError();
    },
    async assertUserAllowed(call) {
      if (!(await isUserAllowed(call))) throw ipRefusedError();
    },
    allowsCustomer,
    isUserAllowed,
    forget: (customerId) => {
      cache.delete(customerId);
    },
  };
}

/* Managing the list */

export interface ListActor {
  userId: number;
  customerId: number;
  /** The address of the call making the change: checked so a change cannot lock it out unawares. */
  ip: string;
}

const RANGE_PROBLEM_TEXT: Record<RangeProblem, { field: 'ip' | 'toIp'; message: string }> = {
  invalidFrom: { field: 'ip', message: 'Enter an IPv4 address such as 203.0.113.5 or an IPv6 address.' },
  invalidTo: { field: 'toIp', message: 'Enter an IPv4 address such as 203.0.113.5 or an IPv6 address.' },
  mixedFamilies: { field: 'toIp', message: 'Both ends of a range must be IPv4, or both IPv6.' },
  reversed: { field: 'toIp', message: 'The end of the range must not come before its start.' },
  invalidPrefixLength: {
    field: 'ip',
    message: 'After the slash, give the network prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6.',
  },
  networkWithEnd: {
    field: 'toIp',
    message: 'A network such as 203.0.113.0/24 is a range already: leave the end empty.',
  },
};

const LOCKOUT_TEXT =
  'This change would block the IP address you are using now. Confirm it if you mean to lose access from here.';

function entryOf(row: repository.IpAllowListRow): IpAllowListEntry {
  return {
    id: row.id,
    ip: row.ip,
    toIp: row.toIp ?? undefined,
    created: row.createdAt.toISOString(),
  };
}

function isAllowedBy(rows: readonly repository.IpAllowListRow[], ip: string): boolean {
  const address = parseAddress(ip);
  if (address === null) return false;
  return isInRanges(
    address,
    rows.map(rangeOf).filter((range): range is AddressRange => range !== null),
  );
}

export async function listOf(
  db: Database,
  params: { customerId: number; ip: string },
): Promise<{ accessIpMode: number; currentIp: string; isCurrentIpAllowed: boolean; list: IpAllowListEntry[] }> {
  const accessIpMode = await repository.findMode(db, params);
  const rows = await repository.listEntries(db, { customerId: params.customerId, limit: MAX_IP_ALLOW_LIST_ENTRIES });
  return {
    accessIpMode,
    currentIp: params.ip,
    isCurrentIpAllowed: isAllowedBy(rows, params.ip),
    list: rows.map(entryOf),
  };
}

export async function addEntry(
  db: Database,
  actor: ListActor,
  params: { ip: string; toIp: string | undefined },
): Promise<IpAllowListEntry> {
  const range = parseRange(params.ip, params.toIp);
  if (!range.ok) throw errors.validation([RANGE_PROBLEM_TEXT[range.problem]]);
  const entry = await db.transaction(async (tx) => {
    if ((await repository.countEntries(tx, { customerId: actor.customerId })) >= MAX_IP_ALLOW_LIST_ENTRIES) {
      throw errors.validation([
        { field: 'form', message: `The list holds at most ${MAX_IP_ALLOW_LIST_ENTRIES} entries. Remove one first.` },
      ]);
    }
    const row = await repository.insertEntry(tx, {
      customerId: actor.customerId,
      ip: range.from.text,
      toIp: range.to?.text ?? null,
    });
    await recordSecurityChange(tx, {
      actorUserId: actor.userId,
      customerId: actor.customerId,
      action: 'security.ipAllowListChanged',
      details: { change: 'added', entryId: row.id, ip: row.ip, toIp: row.toIp },
      ip: actor.ip,
    });
    return entryOf(row);
  });
  ipAccessGuardOf(db).forget(actor.customerId);
  return entry;
}

export async function deleteEntry(
  db: Database,
  actor: ListActor,
  params: { id: number; isConfirmed: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await repository.deleteEntry(tx, { customerId: actor.customerId, id: params.id });
    if (deleted === null) throw errors.noAccess();
    if (!params.isConfirmed && (await repository.findMode(tx, actor)) === AccessIpMode.ON) {
      const remaining = await repository.listEntries(tx, {
        customerId: actor.customerId,
        limit: MAX_IP_ALLOW_LIST_ENTRIES,
      });
      // Thrown inside the transaction: the deletion rolls back with it.
      if (!isAllowedBy(remaining, actor.ip)) throw errors.validation([{ field: 'confirmed', message: LOCKOUT_TEXT }]);
    }
    await recordSecurityChange(tx, {
      actorUserId: actor.userId,
      customerId: actor.customerId,
      action: 'security.ipAllowListChanged',
      details: { change: 'deleted', entryId: deleted.id, ip: deleted.ip, toIp: deleted.toIp },
      ip: actor.ip,
    });
  });
  ipAccessGuardOf(db).forget(actor.customerId);
}

/** Returns whether the mode changed (an unchanged mode sends no notice). */
export async function setMode(
  db: Database,
  actor: ListActor,
  params: { enable: boolean; isConfirmed: boolean },
): Promise<{ accessIpMode: number; isChanged: boolean }> {
  const accessIpMode = params.enable ? AccessIpMode.ON : AccessIpMode.OFF;
  const isChanged = await db.transaction(async (tx) => {
    const previous = await repository.findMode(tx, actor);
    if (previous === accessIpMode) return false;
    if (params.enable && !params.isConfirmed) {
      const rows = await repository.listEntries(tx, { customerId: actor.customerId, limit: MAX_IP_ALLOW_LIST_ENTRIES });
      if (!isAllowedBy(rows, actor.ip)) throw errors.validation([{ field: 'confirmed', message: LOCKOUT_TEXT }]);
    }
    await repository.upsertMode(tx, { customerId: actor.customerId, accessIpMode });
    await recordSecurityChange(tx, {
      actorUserId: actor.userId,
      customerId: actor.customerId,
      action: 'security.ipAllowListModeChanged',
      details: { from: previous, to: accessIpMode },
      ip: actor.ip,
    });
    return true;
  });
  ipAccessGuardOf(db).forget(actor.customerId);
  return { accessIpMode, isChanged };
}

/**
 * The check of the REST routes that take a user's session: the user's default customer's list
 * against the real client address. Administrators are not bound by customers' lists.
 */
export async function assertSessionAddressAllowed(
  request: { ip: string; server: { ipAccess: IpAccessGuard } },
  session: { userId: number; isAdmin: boolean },
): Promise<void> {
  if (session.isAdmin) return;
  await request.server.ipAccess.assertUserAllowed({ userId: session.userId, ip: request.ip, access: 'session' });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The IP allow-list check, shared with the main-API dispatcher (one cache per process). */
    ipAccess: IpAccessGuard;
  }
}
