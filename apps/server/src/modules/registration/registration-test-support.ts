import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { callMethod } from '../../../test/helper';

/**
 * What the registration tests share: a valid registration body, a caller address per call (so the
 * per-address limits of one test never reach into another), and reading the mails from the outbox.
 */
export const STRONG_PASSWORD = 'Lantern-harbour-quietly-47';
/** A Romanian mobile number that libphonenumber's full metadata accepts. */
export const VALID_PHONE = '+40712345678';

let addressCounter = 0;

/** A fresh client address (10.x.y.z) for each call that counts against a per-address limit. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let phoneCounter = 0;

/** A different valid Romanian mobile number each time (07xx xxx xxx). */
export function nextPhone(): string {
  phoneCounter += 1;
  return `+4072${String(1_000_000 + phoneCounter).slice(1)}0`;
}

export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: `new.customer.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: STRONG_PASSWORD,
    firstName: 'Ioana',
    lastName: 'Marinescu',
    countryCode: 'RO',
    phone: nextPhone(),
    registrationType: 'freelancers',
    brand: 'harbor',
    termIds: [],
    isTermsAccepted: true,
    ...overrides,
  };
}

export async function termIdsInForce(app: FastifyInstance): Promise<number[]> {
  const response = await callMethod(app, 'registrationTermsList');
  expect(response.statusCode).toBe(200);
  return response.json<{ terms: { id: number }[] }>().terms.map((terms) => terms.id);
}

export function callPublic(
  app: FastifyInstance,
  method: string,
  params: Record<string, unknown>,
  options: { remoteAddress?: string; language?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api?method=${method}`,
    remoteAddress: options.remoteAddress ?? nextAddress(),
    headers: options.language === undefined ? {} : { 'accept-language': options.language },
    payload: { method, ...params },
  });
}

/** Registers with the terms in force; fails the test unless the server accepted it. */
export async function register(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; body: Record<string, unknown> }> {
  const body = registrationBody({ termIds: await termIdsInForce(app), ...overrides });
  const response = await callPublic(app, 'personalRegistrationCreate', body);
  expect(response.statusCode, response.body).toBe(200);
  return { email: String(body.email), body };
}

export interface OutboxMail {
  subject: string;
  body: string;
}

export async function mailsTo(app: FastifyInstance, recipient: string): Promise<OutboxMail[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  });
  return response
    .json<{ messages: { subject?: string; body?: string }[] }>()
    .messages.map((message) => ({ subject: message.subject ?? '', body: message.body ?? '' }));
}

export async function latestMailTo(app: FastifyInstance, recipient: string): Promise<OutboxMail> {
  const [latest] = await mailsTo(app, recipient);
  if (latest === undefined) throw new Error(`no mail to ${recipient}`);
  return latest;
}

/** The six-digit code a mail ends a line with ("…: 123456"). */
export function codeIn(mail: OutboxMail): string {
  const code = /(\d{6})(?:\s|$)/m.exec(mail.body)?.[1];
  if (code === undefined) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

export function linkIn(mail: OutboxMail): URL {
  const link = /https?:\/\/\S+/.exec(mail.body)?.[0];
  if (link === undefined) throw new Error(`no link in "${mail.subject}"`);
  return new URL(link);
}

export function activate(
  app: FastifyInstance,
  params: { username?: string; email?: string; activationCode: string },
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return callPublic(app, 'accountActivate', params, { remoteAddress });
}
