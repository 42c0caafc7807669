import { randomUUID } from 'node:crypto';
import type { Account } from '@app/shared/api/accounts';
import { BLACKLIST_ADDED_TEXT, type BlacklistEntry, type NotificationSetting } from '@app/shared/api/security';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { auditLog } from '../../db/schema/platform';
import { DEMO_USERS } from '../../db/seed';
import * as customersService from '../customers/customers.service';
import { canNotify } from './notification-settings.service';

/**
 * The payout blacklist, the notification settings and the legal page over HTTP, each with the
 * other-customer case, bad input, and the effect on the rest of the product (a blocked P2P
 * transfer, a payee notice not sent).
 */
let testApp: TestApp;
const tokens = { personal: '', business: '', kyc: '' };

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  tokens.personal = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  tokens.business = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  tokens.kyc = (await signIn(testApp.app, DEMO_USERS.kyc)).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

interface Answer<T> {
  statusCode: number;
  body: T & { responseCode: string; validationErrors?: { field: string; message: string }[] };
}

async function call<T = Record<string, unknown>>(
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const response = await callMethod(testApp.app, method, { token, params });
  return { statusCode: response.statusCode, body: response.json() };
}

async function ok<T = Record<string, unknown>>(
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const answer = await call<T>(token, method, params);
  expect(answer.body.responseCode, `${method}: ${JSON.stringify(answer.body)}`).toBe('00');
  return answer.body;
}

async function accountOf(token: string, currency: string): Promise<Account> {
  const answer = await ok<{ accounts: { account: Account[] } }>(token, 'balanceInquiry');
  const account = answer.accounts.account.find(
    (candidate) => candidate.currencyCode === currency && candidate.type === 1001 && candidate.accountStatusId !== 11,
  );
  if (account === undefined) throw new Error(`no ${currency} payment account`);
  return account;
}

async function userIdOf(email: string): Promise<number> {
  const user = await customersService.findSignInUserByEmail(testApp.database.db, { email });
  if (user === null) throw new Error(`no demo user ${email}`);
  return user.id;
}

const newKey = (): string => randomUUID();

async function outboxOf(recipient: string): Promise<{ subject?: string; body?: string }[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  });
  return response.json<{ messages: { subject?: string; body?: string }[] }>().messages;
}

describe('payout blacklist', () => {
  it('adds an e-mail with the spec’s success text, audited and mailed', async () => {
    const mailsBefore = (await outboxOf(DEMO_USERS.kyc)).length;
    const added = await ok<{ responseDescription: string; entry: BlacklistEntry }>(tokens.kyc, 'blacklistAdd', {
      email: ' Personal@Demo.test ',
      blockType: 1,
    });
    expect(added.responseDescription).toBe(BLACKLIST_ADDED_TEXT);
    expect(added.entry).toMatchObject({ email: DEMO_USERS.personal, blockType: 1 });
    await ok(tokens.kyc, 'blacklistAdd', { email: 'someone.else@example.com', blockType: '1' });
    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.blacklistChanged'));
    expect(audit.map((row) => row.details)).toContainEqual({
      change: 'added',
      email: DEMO_USERS.personal,
      blockType: 1,
    });
    expect((await outboxOf(DEMO_USERS.kyc)).length).toBe(mailsBefore + 2);
  });

  it('lists by part of the e-mail and by type, for the owner only', async () => {
    const all = await ok<{ list: BlacklistEntry[]; total: number }>(tokens.kyc, 'blacklistList', {});
    expect(all.total).toBe(2);
    const filtered = await ok<{ list: BlacklistEntry[]; total: number }>(tokens.kyc, 'blacklistList', {
      email: 'PERSONAL@',
      blockType: 1,
    });
    expect(filtered.list.map((entry) => entry.email)).toEqual([DEMO_USERS.personal]);
    // A `%` typed in the filter is a character, not a wildcard.
    expect((await ok<{ total: number }>(tokens.kyc, 'blacklistList', { email: '%' })).total).toBe(0);
    expect((await ok<{ total: number }>(tokens.business, 'blacklistList', {})).total).toBe(0);
  });

  it('refuses bad input and changes nothing', async () => {
    const badEmail = await call(tokens.kyc, 'blacklistAdd', { email: 'not-an-email', blockType: 1 });
    expect(badEmail.body.validationErrors?.[0]?.field).toBe('email');
    const badType = await call(tokens.kyc, 'blacklistAdd', { email: 'x@example.com', blockType: 7 });
    expect(badType.body.validationErrors?.[0]?.field).toBe('blockType');
    expect((await ok<{ total: number }>(tokens.kyc, 'blacklistList', {})).total).toBe(2);
  });

  it('refuses the P2P transfer to and from a blocked e-mail', async () => {
    const personalUsd = (await accountOf(tokens.personal, 'USD')).accountId;
    const refused = await call(tokens.personal, 'transferP2P', {
      accountId: personalUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.kyc,
      idempotencyKey: newKey(),
    });
    expect(refused.body.responseCode).toBe('VF');
    expect(refused.body.validationErrors?.[0]).toMatchObject({ field: 'toEmail' });
  });

  it('deletes only from the caller’s own list', async () => {
    const foreign = await call(tokens.business, 'blacklistDelete', { email: DEMO_USERS.personal });
    expect(foreign.body.responseCode).toBe('VF');
    expect((await ok<{ total: number }>(tokens.kyc, 'blacklistList', {})).total).toBe(2);
    await ok(tokens.kyc, 'blacklistDelete', { email: DEMO_USERS.personal });
    const again = await call(tokens.kyc, 'blacklistDelete', { email: DEMO_USERS.personal });
    expect(again.body.validationErrors?.[0]?.field).toBe('email');
    expect((await ok(tokens.personal, 'checkPayee', { email: DEMO_USERS.kyc })).outBlacklist).toBe(false);
  });
});

describe('notification settings', () => {
  it('lists every setting with its group; security messages are locked on', async () => {
    const { settings } = await ok<{ settings: NotificationSetting[] }>(tokens.business, 'notificationSettingsGet');
    expect(settings).toContainEqual({
      identified: 'transferReceivedEmail',
      value: true,
      group: 'transfers',
      isLocked: false,
    });
    expect(settings).toContainEqual({
      identified: 'securityChangeEmail',
      value: true,
      group: 'security',
      isLocked: true,
    });
  });

  it('refuses to switch a locked setting off, and an unknown one', async () => {
    const locked = await call(tokens.business, 'notificationSettingsSet', {
      settings: [{ identified: 'securityChangeEmail', value: false }],
    });
    expect(locked.body.responseCode).toBe('VF');
    const unknown = await call(tokens.business, 'notificationSettingsSet', {
      settings: [{ identified: 'everything', value: false }],
    });
    expect(unknown.body.responseCode).toBe('VF');
  });

  it('switches the payee notice off: a transfer received sends no e-mail, and only this user is affected', async () => {
    const set = await ok<{ settings: NotificationSetting[] }>(tokens.business, 'notificationSettingsSet', {
      settings: [{ identified: 'transferReceivedEmail', value: false }],
    });
    expect(set.settings).toContainEqual(expect.objectContaining({ identified: 'transferReceivedEmail', value: false }));
    const businessId = await userIdOf(DEMO_USERS.business);
    const personalId = await userIdOf(DEMO_USERS.personal);
    expect(await canNotify(testApp.database.db, { userId: businessId, setting: 'transferReceivedEmail' })).toBe(false);
    expect(await canNotify(testApp.database.db, { userId: personalId, setting: 'transferReceivedEmail' })).toBe(true);
    expect(await canNotify(testApp.database.db, { userId: businessId, setting: 'securityChangeEmail' })).toBe(true);

    const receivedBefore = (await outboxOf(DEMO_USERS.business)).filter((mail) =>
      mail.subject?.startsWith('You received'),
    );
    await ok(tokens.personal, 'transferP2P', {
      accountId: (await accountOf(tokens.personal, 'USD')).accountId,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      idempotencyKey: newKey(),
    });
    await testApp.app.jobs.runDue();
    const receivedAfter = (await outboxOf(DEMO_USERS.business)).filter((mail) =>
      mail.subject?.startsWith('You received'),
    );
    expect(receivedAfter.length).toBe(receivedBefore.length);
  });
});

describe('legal information', () => {
  it('shows the brand’s legal identity and the agreements the user accepted', async () => {
    const info = await ok<{ issuerName: string; items: { id: number; title: string }[] }>(
      tokens.personal,
      'legalInfoGet',
    );
    expect(info.issuerName).not.toBe('');
    expect(info.items.length).toBeGreaterThan(0);
  });

  it('serves an accepted agreement as a PDF to its user only', async () => {
    const info = await ok<{ items: { id: number }[] }>(tokens.personal, 'legalInfoGet');
    const [agreement] = info.items;
    if (agreement === undefined) throw new Error('no agreement');
    const download = (token: string | undefined, id: number) =>
      testApp.app.inject({
        method: 'GET',
        url: `/files/agreements/${id}.pdf`,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });
    const own = await download(tokens.personal, agreement.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The business user accepted other terms: the personal terms' record is not theirs.
    const businessItems = (await ok<{ items: { id: number }[] }>(tokens.business, 'legalInfoGet')).items;
    if (!businessItems.some((item) => item.id === agreement.id)) {
      expect((await download(tokens.business, agreement.id)).statusCode).toBe(403);
    }
    expect((await download(tokens.personal, 2_000_000)).statusCode).toBe(403);
    expect((await download(undefined, agreement.id)).statusCode).toBe(401);
    expect((await download(tokens.personal, 0)).statusCode).toBe(400);
  });
});

describe('the agreement PDF’s language', () => {
  async function pdfTextOf(bytes: Buffer): Promise<string> {
    const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true })
      .promise;
    try {
      const page = await pdf.getPage(1);
      const content = await page.getTextContent();
      return content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ');
    } finally {
      await pdf.destroy();
    }
  }

  async function agreementPdf(query: string, headers: Record<string, string>) {
    const info = await ok<{ items: { id: number; title: string; version: number }[] }>(tokens.personal, 'legalInfoGet');
    const [agreement] = info.items;
    if (agreement === undefined) throw new Error('no agreement');
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/files/agreements/${agreement.id}.pdf${query}`,
      headers: { authorization: `Bearer ${tokens.personal}`, ...headers },
    });
    expect(response.statusCode).toBe(200);
    return { agreement, raw: response.rawPayload, text: await pdfTextOf(response.rawPayload) };
  }

  it('follows Accept-Language: labels, sentences and the document language; the facts stay as they are', async () => {
    const { agreement, raw, text } = await agreementPdf('', { 'accept-language': 'ru-RU,ru;q=0.9' });
    for (const label of ['Соглашение', 'Версия', 'Полный текст', 'Кем принято', 'Когда принято']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Настоящий документ подтверждает, что клиент');
    expect(text).toMatch(/Выдано \d{1,2} [а-я]+ \d{4}/);
    expect(text).toContain(agreement.title);
    expect(text).not.toContain('Accepted by');
    expect(raw.toString('latin1')).toContain('/Lang (ru)');
  });

  it('takes ?lang= first, and writes Ukrainian as uk', async () => {
    const { raw, text } = await agreementPdf('?lang=ua', { 'accept-language': 'es' });
    expect(text).toContain('Ким прийнято');
    expect(text).not.toContain('Aceptado por');
    expect(raw.toString('latin1')).toContain('/Lang (uk)');
  });

  it('stays in English without a language we write', async () => {
    const { raw, text } = await agreementPdf('', { 'accept-language': 'de' });
    expect(text).toContain('Accepted by');
    expect(text).toContain('This document records that');
    expect(text).toMatch(/Issued on \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(raw.toString('latin1')).toContain('/Lang (en)');
  });
});
