import type { ResponseCode } from '@app/shared/errors';
import { fieldOf, isApiError } from './api-error';

/** Joins non-empty texts with ", " (spec 001 §8: arrays are joined with a comma). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (Array.isArray(value)) {
    const texts = value
      .map((item) => (typeof item === 'string' ? item : fieldOf(item, 'message')))
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .map((item) => item.trim());
    return texts.length > 0 ? texts.join(', ') : undefined;
  }
  return undefined;
}

/**
 * The failure text of a response body in the spec's order (001 §8): validation errors, errors.error,
 * errors, responseDescription, message, body. Undefined when none carries text.
 */
export function failureTextOf(body: unknown): string | undefined {
  const errors = fieldOf(body, 'errors');
  return (
    textOf(fieldOf(body, 'validationErrors')) ??
    textOf(fieldOf(errors, 'error')) ??
    textOf(errors) ??
    textOf(fieldOf(body, 'responseDescription')) ??
    textOf(fieldOf(body, 'message')) ??
    textOf(fieldOf(body, 'body'))
  );
}

/** Keys in the `common` namespace, under `errors.`. */
export type ErrorTextKey =
  | 'serverError'
  | 'serverUnavailable'
  | 'network'
  | 'timeout'
  | 'emptyResponse'
  | 'sessionExpired'
  | 'unexpected'
  | `code.${Exclude<ResponseCode, '00' | 'AE'>}`;

const CODE_KEYS: Partial<Record<ResponseCode, ErrorTextKey>> = {
  VF: 'code.VF',
  TE: 'code.TE',
  AU: 'code.AU',
  ENOA: 'code.ENOA',
  UE: 'code.UE',
  CA: 'code.CA',
  TA1: 'code.TA1',
  RL: 'code.RL',
  IK: 'code.IK',
  '92': 'code.92',
};

export interface UserFacingError {
  message: string;
  /** The catalogue code, shown in small print for support; never shown alone. */
  code?: string;
}

/**
 * What to tell the customer about a failed call: HTTP 500 → "Server is not available"; no answer →
 * network error; empty answer → generic server error; ENOA → "You don't have access to this";
 * otherwise the response's own text, then a text for its code, then the default server error.
 */
export function userFacingError(error: unknown, translate: (key: ErrorTextKey) => string): UserFacingError {
  if (!isApiError(error)) return { message: translate('unexpected') };
  const code = error.code && error.code !== 'AE' ? error.code : undefined;
  switch (error.kind) {
    case 'network':
      return { message: translate('network'), code: 'AE' };
    case 'timeout':
      return { message: translate('timeout'), code: 'AE' };
    case 'empty':
      return { message: translate('emptyResponse') };
    case 'invalid':
      return { message: translate('serverError') };
    case 'sessionExpired':
      return { message: translate('sessionExpired') };
    case 'response': {
      if (error.status >= 500) return { message: translate('serverUnavailable'), code };
      const codeKey = code ? CODE_KEYS[code] : undefined;
      if (code === 'ENOA' && codeKey) return { message: translate(codeKey), code };
      const text = failureTextOf(error.body) ?? (codeKey ? translate(codeKey) : translate('serverError'));
      return { message: text, code };
    }
  }
}
