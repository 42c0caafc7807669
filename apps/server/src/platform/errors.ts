import type { ErrorBody, ServerResponseCode, TermsItem, ValidationError } from '@app/shared/errors';
import { httpStatusOf, ResponseCode } from '@app/shared/errors';
import type { z } from 'zod';

type ErrorCode = Exclude<ServerResponseCode, '00'>;

/**
 * An expected failure: it carries a catalogue code and maps to its HTTP status in one table
 * (`httpStatusOf`). Anything else thrown is a bug and answers 500 UE without details.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly validationErrors: ValidationError[] | undefined;
  readonly terms: TermsItem[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    description: string,
    extra: { validationErrors?: ValidationError[]; terms?: TermsItem[]; headers?: Record<string, string> } = {},
  ) {
    super(description);
    this.name = 'AppError';
    this.code = code;
    this.validationErrors = extra.validationErrors;
    this.terms = extra.terms;
    this.headers = extra.headers;
  }

  get httpStatus(): number {
    return httpStatusOf[this.code];
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { responseCode: this.code, responseDescription: this.message };
    if (this.validationErrors !== undefined) body.validationErrors = this.validationErrors;
    if (this.terms !== undefined) body.terms = this.terms;
    return body;
  }
}

export const errors = {
  validation: (validationErrors: ValidationError[]) =>
    new AppError(ResponseCode.VERIFY_ERROR, 'Please check the highlighted fields.', { validationErrors }),
  invalidParams: (description = 'Invalid parameters.') => new AppError(ResponseCode.INVALID_PARAMS, description),
  auth: (description = 'Your session has expired. Please sign in again.') =>
    new AppError(ResponseCode.AUTH_ERROR, description),
  noAccess: (description = "You don't have access to this.") => new AppError(ResponseCode.NO_ACCESS, description),
  terms: (terms: TermsItem[]) =>
    new AppError(ResponseCode.TERMS_ERROR, 'Please accept the updated terms to continue.', { terms }),
  closedAccount: (description = 'This account is closed.') => new AppError(ResponseCode.CLOSED_ACCOUNT, description),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(ResponseCode.RATE_LIMITED, 'Too many attempts. Please wait and try again.', {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    }),
  idempotencyConflict: () =>
    new AppError(ResponseCode.IDEMPOTENCY_CONFLICT, 'This request key was already used with different details.'),
};

/** zod issues → the VF field list; the field is the dotted path, or the form itself. */
export function validationErrorsOf(error: z.ZodError): ValidationError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'form',
    message: issue.message,
  }));
}
