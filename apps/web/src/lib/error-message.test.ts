import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { type ErrorTextKey, failureTextOf, userFacingError } from './error-message';

const translate = (key: ErrorTextKey) => `t:${key}`;

describe('failure text order (spec 001 §8)', () => {
  const full = {
    validationErrors: [
      { field: 'a', message: 'First is wrong' },
      { field: 'b', message: 'Second is wrong' },
    ],
    errors: { error: 'errors.error text' },
    responseDescription: 'description',
    message: 'message',
    body: 'body',
  };

  it('validation errors first, joined with a comma', () => {
    expect(failureTextOf(full)).toBe('First is wrong, Second is wrong');
  });

  it('then errors.error', () => {
    expect(failureTextOf({ ...full, validationErrors: [] })).toBe('errors.error text');
  });

  it('then errors (an array joined with a comma)', () => {
    expect(failureTextOf({ ...full, validationErrors: undefined, errors: ['one', 'two'] })).toBe('one, two');
  });

  it('then responseDescription, message, body', () => {
    expect(failureTextOf({ responseDescription: 'description', message: 'message', body: 'body' })).toBe('description');
    expect(failureTextOf({ message: 'message', body: 'body' })).toBe('message');
    expect(failureTextOf({ body: 'body' })).toBe('body');
  });

  it('else nothing, so the caller falls back to the default server error', () => {
    expect(failureTextOf({ responseCode: 'UE' })).toBeUndefined();
    expect(userFacingError(new ApiError({ kind: 'response', status: 400, body: {} }), translate).message).toBe(
      't:serverError',
    );
  });
});

describe('user-facing errors', () => {
  it('HTTP 500 says the server is not available, whatever the body says', () => {
    const error = new ApiError({
      kind: 'response',
      status: 500,
      code: 'UE',
      body: { responseDescription: 'stack trace' },
    });
    expect(userFacingError(error, translate)).toEqual({ message: 't:serverUnavailable', code: 'UE' });
  });

  it('a network failure and an empty answer have their own generic texts', () => {
    expect(userFacingError(new ApiError({ kind: 'network', code: 'AE' }), translate).message).toBe('t:network');
    expect(userFacingError(new ApiError({ kind: 'empty', status: 200 }), translate).message).toBe('t:emptyResponse');
  });

  it('ENOA is never a bare code: it reads "no access" with the code for support', () => {
    const error = new ApiError({ kind: 'response', status: 403, code: 'ENOA', body: { responseCode: 'ENOA' } });
    expect(userFacingError(error, translate)).toEqual({ message: 't:code.ENOA', code: 'ENOA' });
  });

  it('a code without text gets the text of its code', () => {
    const error = new ApiError({ kind: 'response', status: 429, code: 'RL', body: { responseCode: 'RL' } });
    expect(userFacingError(error, translate)).toEqual({ message: 't:code.RL', code: 'RL' });
  });

  it("otherwise the server's own words", () => {
    const error = new ApiError({
      kind: 'response',
      status: 401,
      code: 'AU',
      body: { responseCode: 'AU', responseDescription: 'Wrong e-mail or password.' },
    });
    expect(userFacingError(error, translate)).toEqual({ message: 'Wrong e-mail or password.', code: 'AU' });
  });
});
