import type { ResponseCode, TermsItem, ValidationError } from '@app/shared/errors';

/**
 * - response: the server answered with a non-'00' code (see `code`), or a bare HTTP error;
 * - network: the request never got an answer (AE); timeout: it took longer than 5 minutes;
 * - empty: a success status with no body; invalid: a body that breaks the wire contract;
 * - sessionExpired: the token could not be refreshed, the session is over.
 */
export type ApiErrorKind = 'response' | 'network' | 'timeout' | 'empty' | 'invalid' | 'sessionExpired';

/** The text the spec gives a request cancelled because its session could not be refreshed. */
export const REQUEST_CALL_FAILED = 'Request call failed';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  readonly status: number;
  readonly code: ResponseCode | undefined;
  /** The parsed response body, when there was one. */
  readonly body: unknown;

  constructor(options: { kind: ApiErrorKind; status?: number; code?: ResponseCode; body?: unknown; message?: string }) {
    super(options.message ?? `${options.kind}${options.code ? ` ${options.code}` : ''}`);
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status ?? 0;
    this.code = options.code;
    this.body = options.body;
  }

  get validationErrors(): ValidationError[] {
    const list = fieldOf(this.body, 'validationErrors');
    return Array.isArray(list) ? list.filter(isValidationError) : [];
  }

  /** Terms to accept (TE); the server may send one item or a list (spec 000 §3). */
  get terms(): TermsItem[] {
    const terms = fieldOf(this.body, 'terms');
    const list: unknown[] = Array.isArray(terms) ? terms : terms === undefined ? [] : [terms];
    return list.filter(isTermsItem);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function fieldOf(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}

function isValidationError(value: unknown): value is ValidationError {
  return typeof fieldOf(value, 'field') === 'string' && typeof fieldOf(value, 'message') === 'string';
}

function isTermsItem(value: unknown): value is TermsItem {
  return (
    typeof fieldOf(value, 'id') === 'number' &&
    typeof fieldOf(value, 'title') === 'string' &&
    typeof fieldOf(value, 'url') === 'string'
  );
}
