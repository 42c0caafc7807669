import { createHash, randomBytes } from 'node:crypto';
import { ssoTokenResponseSchema } from '@app/shared/api/sso';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../platform/html';
import { DEMO_SSO_CLIENT } from './sso.service';

/**
 * /dev/sso-partner: a relying party to try single sign-on with (development and test only). It
 * behaves like a real one: a state and a PKCE verifier kept in a cookie of its own, the user sent
 * to `/auth/sei`, the code exchanged by its "server" through `POST /auth/sei/token` with its secret.
 */
const STATE_COOKIE = 'sso_partner';
const COOKIE_PATH = '/dev/sso-partner';
const COOKIE_MAX_AGE_SECONDS = 600;

const callbackQuerySchema = z.object({
  code: z.string().max(128).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(64).optional(),
});

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · development</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
a.button{display:inline-block;padding:.6rem 1rem;background:#0c5c96;color:#fff;border-radius:.4rem;text-decoration:none}
dt{font-weight:600}dd{margin:0 0 .5rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerSsoDevPartner(app: FastifyInstance, options: { requestsPerMinute: number }): void {
  const config = { rateLimit: { max: options.requestsPerMinute, timeWindow: '1 minute' } };

  app.get(COOKIE_PATH, { schema: { hide: true }, config }, async (request, reply) => {
    const state = randomBytes(16).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier, 'ascii').digest('base64url');
    const origin = originOf(request);
    const query = new URLSearchParams({
      clientId: DEMO_SSO_CLIENT.id,
      redirectUri: `${origin}${DEMO_SSO_CLIENT.redirectPath}`,
      scope: 'profile email',
      state,
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    const body =
      `<p>${escapeHtml(DEMO_SSO_CLIENT.name)} is a pretend shop that lets its customers sign in with their account here.</p>` +
      `<p><a class="button" href="/auth/sei?${escapeHtml(query.toString())}">Sign in with your account</a></p>`;
    return reply
      .header(
        'set-cookie',
        `${STATE_COOKIE}=${encodeURIComponent(`${state}.${verifier}`)}; Path=${COOKIE_PATH}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
      )
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(DEMO_SSO_CLIENT.name, body));
  });

  app.get(DEMO_SSO_CLIENT.redirectPath, { schema: { hide: true }, config }, async (request, reply) => {
    const send = (title: string, body: string) =>
      reply
        .header('set-cookie', `${STATE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(title, `${body}<p><a href="${COOKIE_PATH}">Start again</a></p>`));
    const query = callbackQuerySchema.safeParse(request.query);
    const [expectedState, verifier] = (cookieValue(request, STATE_COOKIE) ?? '').split('.');
    if (!query.success || expectedState === undefined || query.data.state !== expectedState) {
      return send('Sign-in refused', '<p>The answer does not belong to a sign-in started here (state mismatch).</p>');
    }
    if (query.data.error !== undefined || query.data.code === undefined) {
      return send('Sign-in declined', `<p>The customer declined (${escapeHtml(query.data.error ?? 'no code')}).</p>`);
    }
    const exchange = await app.inject({
      method: 'POST',
      url: '/auth/sei/token',
      payload: {
        grantType: 'authorization_code',
        code: query.data.code,
        redirectUri: `${originOf(request)}${DEMO_SSO_CLIENT.redirectPath}`,
        clientId: DEMO_SSO_CLIENT.id,
        clientSecret: DEMO_SSO_CLIENT.secret,
        codeVerifier: verifier,
      },
    });
    const answer = ssoTokenResponseSchema.safeParse(exchange.json());
    if (!answer.success) return send('Sign-in failed', `<p>The code exchange failed: ${escapeHtml(exchange.body)}</p>`);
    const { user, scope } = answer.data;
    const rows: [string, string | undefined][] = [
      ['Subject', user.subject],
      ['E-mail', user.email],
      ['First name', user.firstName],
      ['Last name', user.lastName],
      ['Scope', scope],
    ];
    const list = rows
      .filter((row): row is [string, string] => row[1] !== undefined)
      .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
      .join('');
    return send('Signed in', `<p>${escapeHtml(DEMO_SSO_CLIENT.name)} now knows you as:</p><dl>${list}</dl>`);
  });
}
