/**
 * The error catalogue (spec 000 §8, DESIGN.md §4). Every response carries one of these codes in
 * `responseCode`; the HTTP status follows the meaning of the code, so a client can act on either.
 */
export const ResponseCode = {
  SUCCESS: '00',
  VERIFY_ERROR: 'VF',
  TERMS_ERROR: 'TE',
  AXIOS_ERROR: 'AE',
  AUTH_ERROR: 'AU',
  NO_ACCESS: 'ENOA',
  UNKNOWN_ERROR: 'UE',
  CLOSED_ACCOUNT: 'CA',
  INVALID_PARAMS: 'TA1',
  /** Too many attempts: sign-in, codes and public endpoints are rate-limited (DESIGN.md §6). */
  RATE_LIMITED: 'RL',
  /** The same idempotency key was reused with a different body (DESIGN.md §4). */
  IDEMPOTENCY_CONFLICT: 'IK',
  /** An identical batch was detected and needs confirmation (spec 001 §4). */
  IDENTICAL_BATCH: '92',
} as const;

export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** AE never comes from the server: the client uses it for a network failure. */
export type ServerResponseCode = Exclude<ResponseCode, 'AE'>;

export const httpStatusOf: Record<ServerResponseCode, number> = {
  '00': 200,
  VF: 400,
  TE: 403,
  AU: 401,
  ENOA: 403,
  UE: 500,
  CA: 409,
  TA1: 400,
  RL: 429,
  IK: 409,
  '92': 409,
};

export interface ValidationError {
  field: string;
  message: string;
}

export interface TermsItem {
  id: number;
  code: string;
  version: number;
  title: string;
  url: string;
}

/** The body of every error answer. */
export interface ErrorBody {
  responseCode: Exclude<ServerResponseCode, '00'>;
  responseDescription?: string;
  validationErrors?: ValidationError[];
  terms?: TermsItem[];
}

export function isResponseCode(value: unknown): value is ResponseCode {
  return typeof value === 'string' && (Object.values(ResponseCode) as string[]).includes(value);
}
