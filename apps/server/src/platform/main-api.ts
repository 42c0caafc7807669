import { REQUEST_TIMEOUT_MS, type Language } from '@app/shared/constants';
import type { AnyMethod, MethodAccess } from '@app/shared/api/method';
import type { TermsItem } from '@app/shared/errors';
import { dropNulls } from '@app/shared/validation/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { AccessTokens, Session } from './access-token';
import { bearerTokenOf } from './access-token';
import { recordAudit } from './audit';
import { AppError, errors, validationErrorsOf } from './errors';
import { languageOf, parsedIn } from './request-language';

/**
 * The main API (DESIGN.md §4): `POST /api?method=NAME` with `{ method: NAME, ...params }`.
 * The dispatcher owns what every method shares: the method lookup, authentication, the
 * `fromCustomerId` check, the terms check, input and output validation, the 5-minute limit and
 * the response envelope. A method handler only implements its rule.
 */
export interface MethodContext {
  db: Database;
  request: FastifyRequest;
  /** null only for public methods called without a session. */
  session: Session | null;
  /** The customer the call acts for: fromCustomerId when allowed, else the user's default customer. */
  customerId: number | null;
  /** How `customerId` was found; null only without a session. */
  acting: ActingCall | null;
  lang: Language;
}

/**
 * The call's acting context as the dispatcher asked it. For a method whose write checks it
 * (`handleMethod`'s `checksActingInWrite`), the dispatcher may skip its read and take the customer
 * an earlier call of the user found with the same envelope: `isProvisional`. Such a handler
 * either makes its one write check, atomically, that the call still acts for that customer with
 * no terms pending (customers.repository `actingCustomerSql`, `hasPendingTermsSql`), or calls
 * `confirm` before it does anything else.
 */
export interface ActingCall {
  fromCustomerId: number | null;
  checksTerms: boolean;
  isProvisional: boolean;
  /**
   * The dispatcher's checks, made now when the customer was provisional: the customer they find,
   * or what the dispatcher would have thrown. Otherwise the customer found before the method ran.
   */
  confirm(): Promise<number | null>;
}

export interface RegisteredMethod {
  definition: AnyMethod;
  /** Its write checks the acting context itself: the dispatcher may give it a provisional one. */
  checksActingInWrite: boolean;
  run(rawInput: unknown, context: MethodContext): Promise<Record<string, unknown>>;
}

/** Binds a handler to its catalogue definition; the handler sees parsed, typed input. */
export function handleMethod<M extends AnyMethod>(
  definition: M,
  handler: (input: z.output<M['input']>, context: MethodContext) => Promise<z.input<M['output']>>,
  options: { checksActingInWrite?: boolean } = {},
): RegisteredMethod {
  return {
    definition,
    checksActingInWrite: options.checksActingInWrite === true,
    async run(rawInput, context) {
      const input = definition.input.safeParse(rawInput, parsedIn(context.lang));
      if (!input.success) throw errors.validation(validationErrorsOf(input.error));
      const output = definition.output.safeParse(await handler(input.data as z.output<M['input']>, context));
      // An output that breaks its own contract is a bug in the handler, never the caller's fault.
      if (!output.success)
        throw new Error(`Method ${definition.name} broke its output schema: ${output.error.message}`);
      return output.data as Record<string, unknown>;
    },
  };
}

/** What the dispatcher needs to know about users and customers; the customers domain provides it. */
export interface CustomerAccessPort {
  /**
   * Who the call acts for and whether terms hold it up, read together in one round trip on every
   * call (never cached, so a revoked access or new terms apply to the very next call), except a
   * call whose method checks the same rule in its write, at its commit (`ActingCall`).
   * `customerId`: with fromCustomerId, that customer if the user may act for it (administrators
   * for any that exists), else null; without, the user's default customer, or null (an
   * administrator has none). `hasPendingTerms` is false when `checksTerms` is.
   */
  actingContext(
    db: Database,
    params: { session: Session; fromCustomerId: number | undefined; checksTerms: boolean },
  ): Promise<{ customerId: number | null; hasPendingTerms: boolean }>;
  /** Terms the user has not accepted in their current version. */
  pendingTerms(db: Database, userId: number): Promise<TermsItem[]>;
}

/** Refuses a call from an address the acting customer does not allow (the security domain's IP allow-list). */
export interface AddressGuardPort {
  assertCustomerAllowed(params: { customerId: number; userId: number; ip: string; access: 'api' }): Promise<void>;
  /** The same check, answered rather than thrown, and recording nothing. */
  allowsCustomer(params: { customerId: number; ip: string }): Promise<boolean>;
}

export interface MainApiOptions {
  db: Database;
  accessTokens: AccessTokens;
  customerAccess: CustomerAccessPort;
  addressGuard?: AddressGuardPort;
  methods: RegisteredMethod[];
  /** Per-method time limit; spec 000 §7 sets 5 minutes. */
  timeoutMs?: number;
  rateLimitPerMinute: number;
}

const ENVELOPE_KEYS = new Set(['method', 'fromCustomerId', 'fromEmail', 'lang']);
/**
 * Acting contexts remembered for provisional use, at most this many; the oldest go first. An entry
 * is only ever a guess that the checking write verifies: a stale one costs that write, not access.
 */
const MAX_REMEMBERED_ACTING = 10_000;
const MAX_METHOD_NAME_LENGTH = 64;

const querySchema = z.object({ method: z.string().max(MAX_METHOD_NAME_LENGTH).optional() });

const envelopeSchema = z.object({
  method: z.string().max(MAX_METHOD_NAME_LENGTH).optional(),
  fromCustomerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  lang: z.string().optional(),
});

function withTimeout<T>(work: Promise<T>, timeoutMs: number, methodName: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Method ${methodName} exceeded ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function mainApiPlugin(app: FastifyInstance, options: MainApiOptions): void {
  const registry = new Map<string, RegisteredMethod>();
  for (const method of options.methods) {
    if (registry.has(method.definition.name)) throw new Error(`Duplicate method ${method.definition.name}`);
    registry.set(method.definition.name, method);
  }
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  /** The customer the last plain check of a user's envelope found, by `actingKeyOf`. */
  const rememberedActing = new Map<string, number>();
  const actingKeyOf = (session: Session, fromCustomerId: number | undefined, checksTerms: boolean) =>
    `${session.userId} ${fromCustomerId ?? ''} ${checksTerms}`;

  /**
   * The dispatcher's checks of who the call acts for, read afresh: the acting context, the
   * fromCustomerId grant, the customer's IP allow-list, pending terms. Remembers what passed.
   */
  async function checkedActing(
    request: FastifyRequest,
    session: Session,
    fromCustomerId: number | undefined,
    checksTerms: boolean,
  ): Promise<number | null> {
    const key = actingKeyOf(session, fromCustomerId, checksTerms);
    rememberedActing.delete(key);
    const acting = await options.customerAccess.actingContext(options.db, { session, fromCustomerId, checksTerms });
    if (fromCustomerId !== undefined && acting.customerId !== fromCustomerId) throw errors.noAccess();
    const { customerId } = acting;
    // request.ip: the client address as resolved through the trusted proxies only (app.ts).
    // Administrators act for customers from the back office, not from the customers' networks.
    if (customerId !== null && !session.isAdmin) {
      await options.addressGuard?.assertCustomerAllowed({
        customerId,
        userId: session.userId,
        ip: request.ip,
        access: 'api',
      });
    }
    if (acting.hasPendingTerms) {
      // Rare: the list is read only to tell the user what to accept.
      const pending = await options.customerAccess.pendingTerms(options.db, session.userId);
      if (pending.length > 0) throw errors.terms(pending);
    }
    if (customerId !== null && !session.isAdmin) {
      if (rememberedActing.size >= MAX_REMEMBERED_ACTING) {
        const oldest = rememberedActing.keys().next();
        if (oldest.done !== true) rememberedActing.delete(oldest.value);
      }
      rememberedActing.set(key, customerId);
    }
    return customerId;
  }

  /**
   * The acting context of a call with a session. Provisional only for a method whose write checks
   * it, for a user (not an administrator) whose same envelope passed before, and from an address
   * that customer allows; anything else is read and checked now.
   */
  async function actingOf(
    request: FastifyRequest,
    session: Session,
    method: RegisteredMethod,
    fromCustomerId: number | undefined,
  ): Promise<{ customerId: number | null; acting: ActingCall }> {
    const checksTerms = method.definition.skipsTermsCheck !== true && !session.isAdmin;
    const confirmed = (customerId: number | null) => ({
      customerId,
      acting: {
        fromCustomerId: fromCustomerId ?? null,
        checksTerms,
        isProvisional: false,
        confirm: () => Promise.resolve(customerId),
      },
    });
    const remembered = method.checksActingInWrite
      ? rememberedActing.get(actingKeyOf(session, fromCustomerId, checksTerms))
      : undefined;
    if (remembered === undefined || session.isAdmin) {
      return confirmed(await checkedActing(request, session, fromCustomerId, checksTerms));
    }
    const isAllowedHere =
      (await options.addressGuard?.allowsCustomer({ customerId: remembered, ip: request.ip })) ?? true;
    if (!isAllowedHere) return confirmed(await checkedActing(request, session, fromCustomerId, checksTerms));
    let confirmation: Promise<number | null> | undefined;
    return {
      customerId: remembered,
      acting: {
        fromCustomerId: fromCustomerId ?? null,
        checksTerms,
        isProvisional: true,
        confirm: () => (confirmation ??= checkedActing(request, session, fromCustomerId, checksTerms)),
      },
    };
  }

  async function authenticate(request: FastifyRequest, access: MethodAccess): Promise<Session | null> {
    const token = bearerTokenOf(request.headers.authorization);
    if (token === undefined) {
      if (access === 'public') return null;
      throw errors.auth('Please sign in to continue.');
    }
    const session = await options.accessTokens.verify(token);
    if (session === null) throw errors.auth();
    if (access === 'admin' && !session.isAdmin) throw errors.noAccess();
    return session;
  }

  app.post(
    '/api',
    {
      schema: { hide: true },
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const query = querySchema.safeParse(request.query);
      const rawBody: unknown = request.body ?? {};
      if (typeof rawBody !== 'object' || rawBody === null || Array.isArray(rawBody)) {
        throw errors.invalidParams('The request body must be a JSON object.');
      }
      const envelope = envelopeSchema.safeParse(rawBody);
      if (!query.success || !envelope.success) throw errors.invalidParams();
      const methodName = query.data.method ?? envelope.data.method;
      if (
        methodName === undefined ||
        (query.data.method !== undefined &&
          envelope.data.method !== undefined &&
          query.data.method !== envelope.data.method)
      ) {
        throw errors.invalidParams('The method is missing or does not match the query.');
      }
      const method = registry.get(methodName);
      if (method === undefined) throw errors.invalidParams(`Unknown method ${methodName}.`);
      const { definition } = method;

      // Debug, not info: the "incoming request" line already names the method (it is in the URL),
      // and with the 40-odd redaction paths each line written costs ~30 µs.
      request.log.debug({ method: methodName, clientVersion: request.headers['x-client-version'] }, 'main-api call');

      const session = await authenticate(request, definition.access);
      let customerId: number | null = null;
      let acting: ActingCall | null = null;
      if (session !== null) {
        const fromCustomerId = envelope.data.fromCustomerId;
        if (fromCustomerId !== undefined && !definition.actsForCustomer) {
          throw errors.noAccess('This action cannot be taken for another customer.');
        }
        ({ customerId, acting } = await actingOf(request, session, method, fromCustomerId));
      }

      const params = Object.fromEntries(Object.entries(rawBody).filter(([key]) => !ENVELOPE_KEYS.has(key)));
      const context: MethodContext = {
        db: options.db,
        request,
        session,
        customerId,
        acting,
        lang: languageOf(request),
      };
      if (session?.isAdmin === true && envelope.data.fromCustomerId !== undefined && customerId !== null) {
        // An administrator acting for a customer: every call is recorded as the administrator's,
        // whatever it ends in, so support can tell what was done in the customer's name.
        const audited = { actorUserId: session.userId, customerId, ip: request.ip };
        let outcome = 'error';
        let output: Record<string, unknown>;
        try {
          output = await withTimeout(method.run(params, context), timeoutMs, methodName);
          outcome = 'success';
        } catch (error) {
          if (error instanceof AppError) outcome = error.code;
          throw error;
        } finally {
          await recordAudit(options.db, {
            ...audited,
            action: 'admin.actedForCustomer',
            details: { method: methodName, outcome },
          }).catch((error: unknown) => request.log.error({ err: error }, 'acting-for audit entry lost'));
        }
        return reply.send(dropNulls({ responseCode: '00', ...output }));
      }
      const output = await withTimeout(method.run(params, context), timeoutMs, methodName);
      return reply.send(dropNulls({ responseCode: '00', ...output }));
    },
  );
}
