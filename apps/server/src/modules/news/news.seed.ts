import { count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newsItems } from '../../db/schema/news';
import { publishNews } from './news.service';

/**
 * Demo announcements (README "Demo sign-ins"), published through the news service as an
 * administrator would, once: a database that already holds news is left alone.
 */
export async function seedDemoNews(db: Database): Promise<void> {
  const [existing] = await db.select({ total: count() }).from(newsItems);
  if ((existing?.total ?? 0) > 0) return;
  const dayMs = 24 * 60 * 60 * 1000;
  await publishNews(db, {
    adminUserId: null,
    ip: null,
    now: new Date(Date.now() - 3 * dayMs),
    input: {
      title: 'Instant transfers between customers are free',
      body:
        'Sending money to another customer by e-mail address is now free of charge in every currency.\n\n' +
        'The money arrives at once and the payee is told right away. Transfers to other banks keep their usual fees.',
      languages: ['en', 'es', 'ro', 'ru', 'ua', 'pt'],
      withConfirmation: false,
    },
  });
  await publishNews(db, {
    adminUserId: null,
    ip: null,
    now: new Date(Date.now() - dayMs),
    input: {
      title: 'Updated fee schedule from next month',
      body:
        'From the first day of next month the monthly account fee changes for business customers, and ' +
        'incoming SEPA transfers stay free for everyone.\n\n' +
        'Please accept the new fee schedule, or decline it and our team will contact you about your options.',
      languages: ['en', 'es', 'ro', 'ru', 'ua', 'pt'],
      withConfirmation: true,
    },
  });
}
