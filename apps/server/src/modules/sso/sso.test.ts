import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helper';
import { ssoAuthorizations } from '../../db/schema/sso';
import { auditLog } from '../../db/schema/platform';
import { DEMO_SSO_CLIENT, isRegisteredRedirectUri } from './sso.service';

/**
 * Single sign-on (spec 000 §7 auth/sei) over HTTP with the demo relying party: consent, the code,
 * its exchange, and every refusal (unknown ids, another user's request, a declined request, reuse).
 */
let testApp: TestApp;
let alex: string;
let jamie: string;
const REDIRECT_URI = `http://localhost:4100${DEMO_SSO_CLIENT.redirectPath}`;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  alex = (await signIn(testApp.app, 'personal@demo.test')).accessToken;
  jamie = (await signIn(testApp.app, 'kyc@demo.test')).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function authorize(token: string | undefined, body: Record<string, unknown> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/sei/authorize',
    headers: token === undefined ? {} : bearer(token),
    payload: {
      clientId: DEMO_SSO_CLIENT.id,
      redirectUri: REDIRECT_URI,
      scope: 'profile email',
      state: 'xyz-42',
      ...body,
    },
  });
}

async function authorizationId(token: string, body: Record<string, unknown> = {}): Promise<string> {
  const response = await authorize(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ authorization: { authorizationId: string } }>().authorization.authorizationId;
}

function show(token: string, id: string) {
  return testApp.app.inject({ method: 'GET', url: `/auth/sei/authorize/${id}`, headers: bearer(token) });
}

function decide(token: string, id: string, decision: 'approve' | 'decline') {
  return testApp.app.inject({
    method: 'POST',
    url: `/auth/sei/authorize/${id}`,
    headers: bearer(token),
    payload: { decision },
  });
}

function exchange(body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/sei/token',
    payload: {
      grantType: 'authorization_code',
      redirectUri: REDIRECT_URI,
      clientId: DEMO_SSO_CLIENT.id,
      clientSecret: DEMO_SSO_CLIENT.secret,
      ...body,
    },
  });
}

async function approvedCode(token: string, body: Record<string, unknown> = {}): Promise<string> {
  const answer = await decide(token, await authorizationId(token, body), 'approve');
  expect(answer.statusCode, answer.body).toBe(200);
  const redirect = new URL(answer.json<{ redirectUrl: string }>().redirectUrl);
  return redirect.searchParams.get('code') ?? '';
}

describe('single sign-on', () => {
  it('shows the request, and on approval sends the user back with a code that tells who they are', async () => {
    const started = await authorize(alex);
    expect(started.statusCode).toBe(200);
    const { authorization } = started.json<{ authorization: { authorizationId: string } }>();
    expect(authorization).toMatchObject({
      client: { id: 'demo-partner', name: 'Demo Partner Shop' },
      scopes: ['profile', 'email'],
      redirectOrigin: 'http://localhost:4100',
    });
    const shown = await show(alex, authorization.authorizationId);
    expect(shown.json()).toEqual(started.json());

    const answer = await decide(alex, authorization.authorizationId, 'approve');
    const redirect = new URL(answer.json<{ redirectUrl: string }>().redirectUrl);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('xyz-42');
    const code = redirect.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const exchanged = await exchange({ code });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const body = exchanged.json<{ scope: string; user: Record<string, string> }>();
    expect(body).toMatchObject({
      scope: 'profile email',
      user: { email: 'personal@demo.test', firstName: 'Alex', lastName: 'Morgan' },
    });
    expect(body.user.subject).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The same user gets the same subject next time; nothing in it is the internal user id.
    const next = await exchange({ code: await approvedCode(alex) });
    expect(next.json<{ user: { subject: string } }>().user.subject).toBe(body.user.subject);
    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.action, 'sso.approved'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('gives out only what was approved', async () => {
    const code = await approvedCode(alex, { scope: 'email' });
    const exchanged = await exchange({ code });
    const { user, scope } = exchanged.json<{ scope: string; user: Record<string, string | undefined> }>();
    expect(scope).toBe('email');
    expect(user.email).toBe('personal@demo.test');
    expect(user.firstName).toBeUndefined();
  });

  it('answers an unknown authorization with 404, which the web app turns into a way home', async () => {
    const unknown = '6f1c2b0e-3c55-4c1c-9a7a-1f4f2f0a9b11';
    for (const response of [await show(alex, unknown), await decide(alex, unknown, 'approve')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ responseCode: 'TA1' });
    }
    expect((await show(alex, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses another user’s authorization, to show and to answer', async () => {
    const id = await authorizationId(alex);
    for (const response of [await show(jamie, id), await decide(jamie, id, 'approve')]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ responseCode: 'ENOA' });
    }
    // Still Alex's to answer.
    expect((await decide(alex, id, 'approve')).statusCode).toBe(200);
  });

  it('sends a declined request back with access_denied and no code', async () => {
    const id = await authorizationId(alex);
    const answer = await decide(alex, id, 'decline');
    const redirect = new URL(answer.json<{ redirectUrl: string }>().redirectUrl);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('xyz-42');
    expect(redirect.searchParams.has('code')).toBe(false);
  });

  it('takes one answer only, and none after the request expired', async () => {
    const id = await authorizationId(alex);
    expect((await decide(alex, id, 'decline')).statusCode).toBe(200);
    expect((await decide(alex, id, 'approve')).statusCode).toBe(404);
    expect((await show(alex, id)).statusCode).toBe(404);

    const stale = await authorizationId(alex);
    await testApp.database.db
      .update(ssoAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(ssoAuthorizations.id, stale));
    expect((await decide(alex, stale, 'approve')).statusCode).toBe(404);
  });

  it('exchanges a code once, with the right secret and redirect URI only', async () => {
    const code = await approvedCode(alex);
    const wrongSecret = await exchange({ code, clientSecret: 'guess' });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ responseCode: 'AU' });
    // A failed client authentication does not burn the code…
    expect((await exchange({ code })).statusCode).toBe(200);
    // …but a used one stays used.
    expect((await exchange({ code })).json()).toMatchObject({ responseCode: 'TA1' });

    const other = await approvedCode(alex);
    expect((await exchange({ code: other, redirectUri: 'http://localhost:4100/elsewhere' })).statusCode).toBe(400);
    // A mismatch burns the code: it may have been seen by someone it was not meant for.
    expect((await exchange({ code: other })).statusCode).toBe(400);
  });

  it('checks the PKCE verifier when the request carried a challenge', async () => {
    const verifier = randomBytes(48).toString('base64url');
    const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await approvedCode(alex, { codeChallenge, codeChallengeMethod: 'S256' });
    const other = randomBytes(48).toString('base64url');
    expect((await exchange({ code, codeVerifier: other })).statusCode).toBe(400);
    const fresh = await approvedCode(alex, { codeChallenge, codeChallengeMethod: 'S256' });
    expect((await exchange({ code: fresh, codeVerifier: verifier })).statusCode).toBe(200);
  });

  it('refuses unknown clients, unregistered redirect URIs and unknown scopes before asking anyone', async () => {
    expect((await authorize(undefined)).statusCode).toBe(401);
    expect((await authorize(alex, { clientId: 'nobody' })).json()).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ field: 'clientId' }],
    });
    for (const redirectUri of [
      'https://evil.example/callback',
      'http://localhost:4100/dev/sso-partner/callback/../x',
    ]) {
      expect((await authorize(alex, { redirectUri })).json()).toMatchObject({
        validationErrors: [{ field: 'redirectUri' }],
      });
    }
    expect((await authorize(alex, { scope: 'profile payments' })).json()).toMatchObject({
      validationErrors: [{ field: 'scope' }],
    });
  });
});

describe('the consent screen’s address', () => {
  it('is a web app page although it lies under /auth: a relying party opens it with a full page load', async () => {
    const page = await testApp.app.inject({
      method: 'GET',
      url: '/auth/sei?clientId=demo-partner&scope=email',
      headers: { accept: 'text/html' },
    });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const service = await testApp.app.inject({
      method: 'GET',
      url: '/auth/sei/other',
      headers: { accept: 'text/html' },
    });
    expect(service.statusCode).toBe(404);
    expect(service.json()).toMatchObject({ responseCode: 'TA1' });
  });
});

describe('redirect URI matching', () => {
  const registered = ['http://localhost/cb', 'https://shop.example/sso/callback'];

  it('matches exactly, and loopback URIs on any port (RFC 8252 §7.3)', () => {
    expect(isRegisteredRedirectUri(registered, 'https://shop.example/sso/callback')).toBe(true);
    expect(isRegisteredRedirectUri(registered, 'http://localhost:5173/cb')).toBe(true);
    expect(isRegisteredRedirectUri(registered, 'https://shop.example:8443/sso/callback')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'https://shop.example/sso/callback/more')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'http://localhost.evil.example/cb')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'http://localhost:5173/cb?next=1')).toBe(false);
    expect(isRegisteredRedirectUri(registered, 'not a url')).toBe(false);
  });
});

describe('development relying party', () => {
  it('starts a sign-in with state and PKCE, and completes it from the callback', async () => {
    const start = await testApp.app.inject({
      method: 'GET',
      url: '/dev/sso-partner',
      headers: { host: 'localhost:4100' },
    });
    expect(start.statusCode).toBe(200);
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const href = /href="(\/auth\/sei\?[^"]+)"/.exec(start.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const query = new URL(href, 'http://localhost:4100').searchParams;
    expect(query.get('codeChallengeMethod')).toBe('S256');

    const started = await authorize(alex, {
      redirectUri: query.get('redirectUri'),
      state: query.get('state'),
      codeChallenge: query.get('codeChallenge'),
      codeChallengeMethod: 'S256',
    });
    const id = started.json<{ authorization: { authorizationId: string } }>().authorization.authorizationId;
    const redirect = new URL((await decide(alex, id, 'approve')).json<{ redirectUrl: string }>().redirectUrl);
    const callback = await testApp.app.inject({
      method: 'GET',
      url: `${redirect.pathname}${redirect.search}`,
      headers: { host: 'localhost:4100', cookie },
    });
    expect(callback.statusCode).toBe(200);
    expect(callback.body).toContain('personal@demo.test');

    const forged = await testApp.app.inject({
      method: 'GET',
      url: `${redirect.pathname}?code=x&state=forged`,
      headers: { host: 'localhost:4100', cookie },
    });
    expect(forged.body).toContain('state mismatch');
  });
});
