import type { CustomerInfo } from '@app/shared/api/customers';

export function customerFixture(overrides: Partial<CustomerInfo> = {}): CustomerInfo {
  return {
    userId: 7,
    customerId: 1001,
    customerType: 'personal',
    login: 'personal@demo.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    customerCreationDate: '2026-01-15T10:00:00.000Z',
    transactionApproveMode: 0,
    login2faMode: 'no',
    isAdmin: false,
    isHaveRelatedAccounts: false,
    useOldWeb: false,
    verified: true,
    limited: false,
    dueDiligenceLevel: 0,
    isNeedPersonalInfoUpdate: false,
    isNeedKyc: false,
    ...overrides,
  };
}

/** A fetch answer, already resolved (what a stubbed `fetch` returns). */
export function respond(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(jsonResponse(status, body));
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The URL and parsed JSON body of a `fetch` call made by the app (always a string URL and JSON). */
export function requestOf(
  input: unknown,
  init: unknown,
): { url: string; body: Record<string, unknown>; headers: Record<string, string> } {
  const url = typeof input === 'string' ? input : String(input);
  const options = (init ?? {}) as { body?: string; headers?: Record<string, string> };
  return {
    url,
    body: options.body ? (JSON.parse(options.body) as Record<string, unknown>) : {},
    headers: options.headers ?? {},
  };
}
