import { describe, expect, it, vi } from 'vitest';
import { getFromCustomerId, startSession } from '../../lib/session';
import { customerFixture, requestOf, respond } from '../../testing/fixtures';
import { testQueryClient } from '../../testing/render';
import { continueAsCustomer, determinePostLoginDestination } from './post-login-navigation';
import { SignInBlockedError } from './sign-in-blocked';

const business = customerFixture({
  customerType: 'business',
  businessName: 'Northwind Trading Ltd',
  customerId: 11,
  accessRights: 2,
  isHaveRelatedAccounts: true,
});
const northwind = [
  { customerId: 11, displayName: 'Northwind Trading Ltd', customerType: 'business', accessRights: 2 },
  { customerId: 12, displayName: 'Northwind Logistics Ltd', customerType: 'business', accessRights: 2 },
];

/** The main API as the two calls of post-login routing see it. */
function stubApi(answers: { customer?: unknown; accessList?: () => Promise<Response> }) {
  const fetchMock = vi.fn((input: unknown, init?: unknown) => {
    const { url } = requestOf(input, init);
    if (url === '/api?method=customerInfoGet') return respond(200, { responseCode: '00', customer: answers.customer });
    if (url === '/api?method=customerAccessList' && answers.accessList) return answers.accessList();
    return respond(404, { responseCode: 'TA1' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('post-login navigation, rule 4', () => {
  it('loads the customer accesses of a business user with related accounts and offers the chooser', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const fetchMock = stubApi({
      customer: business,
      accessList: () => respond(200, { responseCode: '00', customers: northwind }),
    });
    await expect(determinePostLoginDestination(testQueryClient())).resolves.toEqual({
      kind: 'route',
      route: 'select-customer',
    });
    expect(fetchMock.mock.calls.map(([input, init]) => requestOf(input, init).url)).toEqual([
      '/api?method=customerInfoGet',
      '/api?method=customerAccessList',
    ]);
  });

  it('sends a user who may act for no customer back to sign-in', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    stubApi({ customer: business, accessList: () => respond(200, { responseCode: '00', customers: [] }) });
    await expect(determinePostLoginDestination(testQueryClient())).rejects.toBeInstanceOf(SignInBlockedError);
  });

  it('blocks sign-in when the authorized-user info cannot be loaded', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    stubApi({
      customer: { ...business, isHaveRelatedAccounts: false },
      accessList: () => respond(500, { responseCode: 'UE' }),
    });
    await expect(determinePostLoginDestination(testQueryClient())).rejects.toMatchObject({
      kind: 'response',
      status: 500,
    });
  });

  it('acts for the chosen customer: fromCustomerId goes with the customer call, and the business order follows', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const fetchMock = stubApi({ customer: { ...business, customerId: 12, businessName: 'Northwind Logistics Ltd' } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['customers', 'info'], { customer: business });
    queryClient.setQueryData(['customers', 'accessList'], { customers: northwind });
    const navigate = vi.fn(() => Promise.resolve());

    await continueAsCustomer(queryClient, navigate, 12);

    expect(getFromCustomerId()).toBe(12);
    const { body } = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    expect(body).toMatchObject({ method: 'customerInfoGet', fromCustomerId: 12 });
    expect(navigate).toHaveBeenCalledWith('/home', { replace: true });
    // The previous customer's cache is gone; the chooser's list stays.
    expect(queryClient.getQueryData(['customers', 'accessList'])).toEqual({ customers: northwind });
  });

  it('does not keep a chosen customer that cannot be loaded', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respond(403, { responseCode: 'ENOA', responseDescription: 'No access.' })),
    );
    await expect(continueAsCustomer(testQueryClient(), vi.fn(), 99)).rejects.toMatchObject({ code: 'ENOA' });
    expect(getFromCustomerId()).toBeUndefined();
  });
});
