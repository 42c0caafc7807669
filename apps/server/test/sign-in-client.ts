import { codeChallengeS256, createCodeVerifier } from '@app/shared/validation/pkce';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { DEMO_PASSWORD } from '../src/db/seed';

/**
 * The calls a client makes for the sign-in flows beyond simple (POST /auth/login, /auth/token),
 * with a fresh PKCE pair each time, and the development tools tests read codes and link devices
 * with (/dev/outbox.json, /dev/device/link).
 */
export interface Pkce {
  verifier: string;
  challenge: string;
}

export async function newPkce(): Promise<Pkce> {
  const verifier = createCodeVerifier();
  return { verifier, challenge: await codeChallengeS256(verifier) };
}

export interface LoginOptions {
  client?: 'web' | 'mobile';
  password?: string;
  secret?: string;
  pushToken?: string;
  remoteAddress?: string;
}

export interface LoginAnswer {
  pkce: Pkce;
  response: LightMyRequestResponse;
  /** The parsed body's authFlow, when there is one. */
  flow: Record<string, unknown> & { type?: string };
  migration: Record<string, unknown> | undefined;
}

export async function login(app: FastifyInstance, username: string, options: LoginOptions = {}): Promise<LoginAnswer> {
  const pkce = await newPkce();
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: options.remoteAddress,
    payload: {
      client: options.client ?? 'web',
      username,
      password: options.password ?? DEMO_PASSWORD,
      codeChallenge: pkce.challenge,
      ...(options.secret === undefined ? {} : { secret: options.secret }),
      ...(options.pushToken === undefined ? {} : { pushToken: options.pushToken }),
    },
  });
  const body =
    response.statusCode === 200
      ? response.json<{ authFlow?: LoginAnswer['flow']; migration?: LoginAnswer['migration'] }>()
      : {};
  return { pkce, response, flow: body.authFlow ?? {}, migration: body.migration };
}

export function exchange(
  app: FastifyInstance,
  body: { code: unknown; codeVerifier: string; otp?: string } | { secret: string },
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/auth/token', remoteAddress, payload: body });
}

/** The latest six-digit code sent to the recipient (the outbox of development and test). */
export async function latestSentCode(
  app: FastifyInstance,
  recipient: string,
): Promise<{ code: string; identifier: string; body: string }> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  });
  const [latest] = response.json<{ messages: { body?: string }[] }>().messages;
  const body = latest?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  const identifier = /#(\d{2})\b/.exec(body)?.[1];
  if (code === undefined || identifier === undefined) throw new Error(`no code in the latest message to ${recipient}`);
  return { code, identifier, body };
}

export async function countSentMessages(app: FastifyInstance, recipient: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  });
  return response.json<{ messages: unknown[] }>().messages.length;
}

export interface LinkedDevice {
  device: { id: number; code: string; name: string; type: string; status: string };
  secret: string;
}

/** Links an active device to the user through the device companion's endpoint. */
export async function linkDevice(app: FastifyInstance, username: string, name = 'Test phone'): Promise<LinkedDevice> {
  const response = await app.inject({
    method: 'POST',
    url: '/dev/device/link',
    payload: { username, password: DEMO_PASSWORD, name, type: 'android' },
  });
  if (response.statusCode !== 200) throw new Error(`linking a device failed: ${response.statusCode} ${response.body}`);
  return response.json<LinkedDevice>();
}

export async function deviceTokenOf(app: FastifyInstance, secret: string): Promise<string> {
  const response = await exchange(app, { secret });
  if (response.statusCode !== 200) throw new Error(`device sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ deviceToken: string }>().deviceToken;
}

/** The TOTP of the secret at a moment (milliseconds), as an authenticator app shows it. */
export function totpAt(secret: string, epochMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(epochMs / 1000) });
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
