import type { Announcement, AnnouncementSummary } from '@app/shared/api/news';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { connectLiveAs } from '../../../test/live-client';
import { DEMO_USERS } from '../../db/seed';
import { newsItems } from '../../db/schema/news';
import { auditLog } from '../../db/schema/platform';

/**
 * News over HTTP: an administrator publishes, customers reading one of its languages hear of it
 * live, read it, and accept or decline what needs an answer, once.
 */

let testApp: TestApp;
let baseUrl: string;
let personalToken: string;
let businessToken: string;
let adminToken: string;
let personalCustomerId: number;

interface Answer {
  responseCode: string;
  [key: string]: unknown;
}

async function call<T = Answer>(
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<T & Answer> {
  return (await callMethod(testApp.app, method, { token, params })).json<T & Answer>();
}

async function publish(params: Record<string, unknown>): Promise<number> {
  const answer = await call<{ id: number }>(adminToken, 'adminNewsPublish', params);
  expect(answer.responseCode, JSON.stringify(answer)).toBe('00');
  return answer.id;
}

type ListAnswer = { announcements: AnnouncementSummary[]; unreadCount: number };

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  adminToken = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
  const info = await call<{ customer: { customerId: number } }>(personalToken, 'customerInfoGet');
  personalCustomerId = info.customer.customerId;
  // Announcements of the seed go out now, so later tests hear only their own.
  await testApp.app.jobs.runDue(new Date());
});

afterAll(async () => {
  await testApp.close();
});

describe('publishing', () => {
  it('refuses customers and bad input, storing nothing', async () => {
    const before = await testApp.database.db.select().from(newsItems);
    const valid = { title: 'T', body: 'B', languages: ['en'], withConfirmation: false };
    expect((await call(personalToken, 'adminNewsPublish', valid)).responseCode).toBe('ENOA');
    expect((await call(personalToken, 'adminNewsList')).responseCode).toBe('ENOA');
    for (const params of [
      { ...valid, title: ' ' },
      { ...valid, languages: [] },
      { ...valid, languages: ['en', 'en'] },
      { ...valid, languages: ['xx'] },
      { ...valid, body: 'x'.repeat(10_001) },
      { ...valid, withConfirmation: 'yes' },
    ]) {
      expect((await call(adminToken, 'adminNewsPublish', params)).responseCode, JSON.stringify(params)).toBe('VF');
    }
    expect(await testApp.database.db.select().from(newsItems)).toHaveLength(before.length);
  });

  it('tells signed-in customers live and audits the publication', async () => {
    const live = await connectLiveAs(baseUrl, personalToken);
    let id: number;
    try {
      id = await publish({
        title: 'Fees change in May',
        body: 'Details.',
        languages: ['en', 'es'],
        withConfirmation: false,
      });
      await testApp.app.jobs.runDue(new Date());
      expect(await live.nextMessage()).toMatchObject({
        type: 'notification',
        status: 'info',
        payload: { notificationType: 'info', newsId: id, message: 'Fees change in May' },
      });
    } finally {
      live.close();
    }
    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.newsPublished'));
    expect(audit.some((entry) => entry.details?.newsId === id)).toBe(true);
    const listed = await call<{ news: { id: number }[] }>(adminToken, 'adminNewsList');
    expect(listed.news[0]?.id).toBe(id);
  });
});

describe('reading and answering', () => {
  it('shows items in their languages only, and counts unread ones', async () => {
    const id = await publish({ title: 'Solo español', body: 'Hola.', languages: ['es'], withConfirmation: false });
    const inEnglish = await call<ListAnswer>(personalToken, 'announcementList', { lang: 'en' });
    expect(inEnglish.announcements.some((item) => item.id === id)).toBe(false);
    const inSpanish = await call<ListAnswer>(personalToken, 'announcementList', { lang: 'es' });
    expect(inSpanish.announcements.find((item) => item.id === id)).toMatchObject({ isRead: false, excerpt: 'Hola.' });

    const marked = await call<{ unreadCount: number }>(personalToken, 'announcementMarkRead', {
      ids: [id],
      lang: 'es',
    });
    expect(marked.unreadCount).toBe(inSpanish.unreadCount - 1);
    // Read by one customer is not read by another.
    const business = await call<ListAnswer>(businessToken, 'announcementList', { lang: 'es' });
    expect(business.announcements.find((item) => item.id === id)?.isRead).toBe(false);
    // Marking again changes nothing.
    const again = await call<{ unreadCount: number }>(personalToken, 'announcementMarkRead', { ids: [id], lang: 'es' });
    expect(again.unreadCount).toBe(marked.unreadCount);
  });

  it('refuses unknown ids and marks nothing', async () => {
    const id = await publish({ title: 'Another', body: 'Text.', languages: ['en'], withConfirmation: false });
    const answer = await call(personalToken, 'announcementMarkRead', { ids: [id, 2_000_000] });
    expect(answer.responseCode).toBe('TA1');
    const got = await call<{ announcement: Announcement }>(personalToken, 'announcementGet', { id });
    expect(got.announcement.isRead).toBe(false);
    expect((await call(personalToken, 'announcementGet', { id: 2_000_000 })).responseCode).toBe('TA1');
  });

  it('accepts once, takes it off the confirmation list, and refuses a change of mind', async () => {
    const id = await publish({ title: 'New terms', body: 'Please accept.', languages: ['en'], withConfirmation: true });
    const pending = await call<ListAnswer>(personalToken, 'announcementList', { withConfirmation: true });
    expect(pending.announcements.map((item) => item.id)).toContain(id);

    const accepted = await call<{ announcement: Announcement }>(personalToken, 'announcementAcceptOrDecline', {
      id,
      choice: 'accept',
    });
    expect(accepted.announcement).toMatchObject({ id, choice: 'accept', isRead: true });
    const after = await call<ListAnswer>(personalToken, 'announcementList', { withConfirmation: true });
    expect(after.announcements.map((item) => item.id)).not.toContain(id);

    // A retried request answers the same; the other choice is refused.
    const replay = await call<{ announcement: Announcement }>(personalToken, 'announcementAcceptOrDecline', {
      id,
      choice: 'accept',
    });
    expect(replay.announcement.choice).toBe('accept');
    expect((await call(personalToken, 'announcementAcceptOrDecline', { id, choice: 'decline' })).responseCode).toBe(
      'TA1',
    );
    // Another customer still decides for themselves.
    const declined = await call<{ announcement: Announcement }>(businessToken, 'announcementAcceptOrDecline', {
      id,
      choice: 'decline',
    });
    expect(declined.announcement.choice).toBe('decline');

    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'news.accepted'), eq(auditLog.customerId, personalCustomerId)));
    expect(audit).toHaveLength(1);
    const counts = await call<{ news: { id: number; acceptedCount: number; declinedCount: number }[] }>(
      adminToken,
      'adminNewsList',
    );
    expect(counts.news.find((item) => item.id === id)).toMatchObject({ acceptedCount: 1, declinedCount: 1 });
  });

  it('refuses answers to items that need none, and bad choices', async () => {
    const id = await publish({ title: 'Plain', body: 'No answer needed.', languages: ['en'], withConfirmation: false });
    expect((await call(personalToken, 'announcementAcceptOrDecline', { id, choice: 'accept' })).responseCode).toBe(
      'TA1',
    );
    expect((await call(personalToken, 'announcementAcceptOrDecline', { id, choice: 'maybe' })).responseCode).toBe('VF');
  });
});
