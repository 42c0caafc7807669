import type { CustomerNotification } from '@app/shared/api/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { connectLiveAs } from '../../../test/live-client';
import { DEMO_USERS } from '../../db/seed';
import { customerDocuments } from '../../db/schema/documents';
import { customerNotifications } from '../../db/schema/notifications';
import { notifyCustomer } from './notifications.service';

/**
 * Customer notifications: raised inside a transaction, heard live only once it commits, listed and
 * marked read by their customer alone; and the hourly job that warns about expiring documents.
 */

let testApp: TestApp;
let baseUrl: string;
let personalToken: string;
let businessToken: string;
let adminToken: string;
let personalCustomerId: number;
let businessCustomerId: number;
let personalUserId: number;

interface ListAnswer {
  responseCode: string;
  notifications: CustomerNotification[];
  total: number;
  unreadCount: number;
}

async function customerOf(token: string): Promise<{ customerId: number; userId: number }> {
  const response = await callMethod(testApp.app, 'customerInfoGet', { token });
  return response.json<{ customer: { customerId: number; userId: number } }>().customer;
}

async function list(token: string, params: Record<string, unknown> = {}): Promise<ListAnswer> {
  return (await callMethod(testApp.app, 'notificationListGet', { token, params })).json<ListAnswer>();
}

function dayOffset(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  adminToken = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
  const personal = await customerOf(personalToken);
  personalCustomerId = personal.customerId;
  personalUserId = personal.userId;
  businessCustomerId = (await customerOf(businessToken)).customerId;
});

afterAll(async () => {
  await testApp.close();
});

describe('notifyCustomer', () => {
  it('stores the notification and delivers it live when the transaction commits', async () => {
    const live = await connectLiveAs(baseUrl, personalToken);
    try {
      await testApp.database.db.transaction(async (tx) => {
        await notifyCustomer(tx, {
          customerId: personalCustomerId,
          type: 'documentRejected',
          status: 'error',
          payload: { documentId: 7, nested: { dropped: true } },
        });
        // Nothing is heard before the commit.
        expect(await live.hasMessage(100)).toBe(false);
      });
      const message = await live.nextMessage();
      expect(message).toMatchObject({
        type: 'notification',
        status: 'error',
        customerId: personalCustomerId,
        payload: { notificationType: 'documentRejected', documentId: 7 },
      });
      expect(message.payload).not.toHaveProperty('nested');
    } finally {
      live.close();
    }
    const answer = await list(personalToken);
    expect(answer.notifications[0]).toMatchObject({ type: 'documentRejected', status: 'error', isRead: false });
  });

  it('stores and sends nothing when the transaction rolls back', async () => {
    const live = await connectLiveAs(baseUrl, personalToken);
    const before = (await list(personalToken)).total;
    try {
      await expect(
        testApp.database.db.transaction(async (tx) => {
          await notifyCustomer(tx, { customerId: personalCustomerId, type: 'cardClosed', status: 'warning' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await live.hasMessage(300)).toBe(false);
    } finally {
      live.close();
    }
    expect((await list(personalToken)).total).toBe(before);
  });

  it('raises a dedupe key once', async () => {
    const { db } = testApp.database;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await db.transaction((tx) =>
        notifyCustomer(tx, { customerId: businessCustomerId, type: 'info', status: 'info', dedupeKey: 'once' }),
      );
    }
    const rows = await db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, businessCustomerId));
    expect(rows.filter((row) => row.dedupeKey === 'once')).toHaveLength(1);
  });
});

describe('notification list and read state', () => {
  it('lists only the customer’s own notifications and marks them read', async () => {
    const { db } = testApp.database;
    await db.transaction((tx) =>
      notifyCustomer(tx, { customerId: businessCustomerId, type: 'batchPartially', status: 'warning' }),
    );
    const business = await list(businessToken);
    expect(business.notifications.every((n) => n.type !== 'documentRejected')).toBe(true);
    const unread = await list(personalToken, { unreadOnly: true });
    expect(unread.unreadCount).toBeGreaterThan(0);
    const first = unread.notifications[0];
    if (first === undefined) throw new Error('expected an unread notification');

    const marked = await callMethod(testApp.app, 'notificationMarkRead', {
      token: personalToken,
      params: { ids: [first.id] },
    });
    expect(marked.json()).toMatchObject({ responseCode: '00', unreadCount: unread.unreadCount - 1 });
    const all = await callMethod(testApp.app, 'notificationMarkRead', { token: personalToken, params: { all: true } });
    expect(all.json()).toMatchObject({ responseCode: '00', unreadCount: 0 });
  });

  it('refuses another customer’s notification id and changes nothing', async () => {
    const businessList = await list(businessToken, { unreadOnly: true });
    const theirs = businessList.notifications[0];
    if (theirs === undefined) throw new Error('expected a business notification');
    const answer = await callMethod(testApp.app, 'notificationMarkRead', {
      token: personalToken,
      params: { ids: [theirs.id] },
    });
    expect(answer.json()).toMatchObject({ responseCode: 'ENOA' });
    expect((await list(businessToken, { unreadOnly: true })).unreadCount).toBe(businessList.unreadCount);
  });

  it('refuses bad input', async () => {
    for (const params of [{ ids: [] }, { ids: ['x'] }, { all: false }, {}]) {
      const answer = await callMethod(testApp.app, 'notificationMarkRead', { token: personalToken, params });
      expect(answer.json<{ responseCode: string }>().responseCode, JSON.stringify(params)).toBe('VF');
    }
  });

  it('lets an administrator read only when acting for a customer', async () => {
    expect((await list(adminToken)).responseCode).toBe('ENOA');
    const acting = await callMethod(testApp.app, 'notificationListGet', {
      token: adminToken,
      params: { fromCustomerId: personalCustomerId },
    });
    expect(acting.json()).toMatchObject({ responseCode: '00' });
  });
});

describe('document expiry job', () => {
  it('raises documentExpSoon and documentExpired once per document', async () => {
    const { db } = testApp.database;
    const documents = await db
      .insert(customerDocuments)
      .values(
        [
          { expiresDate: dayOffset(10), statusId: 2 },
          { expiresDate: dayOffset(-2), statusId: 2 },
          { expiresDate: dayOffset(-3), statusId: 38 },
          { expiresDate: dayOffset(90), statusId: 2 },
          { expiresDate: dayOffset(5), statusId: 4 },
        ].map((document) => ({
          ...document,
          customerId: personalCustomerId,
          kind: 'identity' as const,
          documentTypeId: 4,
          uploadedByUserId: personalUserId,
        })),
      )
      .returning({ id: customerDocuments.id });
    const [soon, expired, alreadyMarked, later, rejected] = documents.map((document) => document.id);

    const live = await connectLiveAs(baseUrl, personalToken);
    try {
      await testApp.app.jobs.runDue(new Date());
      const heard = [await live.nextMessage(), await live.nextMessage(), await live.nextMessage()];
      expect(heard.map((message) => message.status).sort()).toEqual(['error', 'error', 'warning']);
    } finally {
      live.close();
    }
    await testApp.app.jobs.runDue(new Date(Date.now() + 2 * 60 * 60 * 1000));

    const rows = await db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, personalCustomerId));
    const byDocument = (id: number | undefined) => rows.filter((row) => row.payload.documentId === id);
    expect(byDocument(soon).map((row) => [row.type, row.status])).toEqual([['documentExpSoon', 'warning']]);
    expect(byDocument(expired).map((row) => [row.type, row.status])).toEqual([['documentExpired', 'error']]);
    expect(byDocument(alreadyMarked).map((row) => row.type)).toEqual(['documentExpired']);
    expect(byDocument(later)).toEqual([]);
    expect(byDocument(rejected)).toEqual([]);
  });
});
