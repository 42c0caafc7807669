import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { defineMethod } from './method';

/**
 * News announcements (spec 000 §3 "News announcement", §4 "News and notifications", §7 "Announcement
 * list (optional withConfirmation), get by id, accept-or-decline (id, choice)"). Items are shown in
 * the interface languages they were published for; reading one is confirmed to the server, and
 * items that need acceptance stay in the confirmation list until accepted or declined.
 */

export const NEWS_CHOICES = ['accept', 'decline'] as const;
export type NewsChoice = (typeof NEWS_CHOICES)[number];

export const NEWS_TITLE_MAX_LENGTH = 200;
export const NEWS_BODY_MAX_LENGTH = 10_000;
/** The list carries this much of each body; the detail carries all of it. */
export const NEWS_EXCERPT_LENGTH = 240;
/** Announcements one list returns at most, newest first. */
export const NEWS_LIST_LIMIT = 100;

export const announcementSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  /** ISO 8601. */
  publishedAt: z.string(),
  isRead: z.boolean(),
  /** The confirmation flag: the item must be accepted or declined. */
  withConfirmation: z.boolean(),
  choice: z.enum(NEWS_CHOICES).optional(),
});
export type AnnouncementSummary = z.infer<typeof announcementSummarySchema>;

export const announcementSchema = announcementSummarySchema.omit({ excerpt: true }).extend({ body: z.string() });
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementList = defineMethod({
  name: 'announcementList',
  summary:
    'News for the customer in the interface language, newest first; withConfirmation lists only the items still waiting to be accepted or declined.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ withConfirmation: z.boolean().optional() }),
  output: z.object({
    announcements: z.array(announcementSummarySchema).max(NEWS_LIST_LIMIT),
    unreadCount: z.number().int(),
  }),
});

export const announcementGet = defineMethod({
  name: 'announcementGet',
  summary: 'One announcement by id.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ id: z.number().int().positive().max(2_147_483_647) }),
  output: z.object({ announcement: announcementSchema }),
});

export const announcementMarkRead = defineMethod({
  name: 'announcementMarkRead',
  summary: 'Confirms that the customer read the announcements (the web marks them read locally first).',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(NEWS_LIST_LIMIT) }),
  output: z.object({ unreadCount: z.number().int() }),
});

export const announcementAcceptOrDecline = defineMethod({
  name: 'announcementAcceptOrDecline',
  summary: 'Accepts or declines an announcement that needs it; a decision once made stands.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ id: z.number().int().positive().max(2_147_483_647), choice: z.enum(NEWS_CHOICES) }),
  output: z.object({ announcement: announcementSchema }),
});

/** What an administrator publishes (spec 001 §6). */
export const newsPublishInputSchema = z.object({
  title: z.string().trim().min(1).max(NEWS_TITLE_MAX_LENGTH),
  body: z.string().trim().min(1).max(NEWS_BODY_MAX_LENGTH),
  languages: z
    .array(z.enum(LANGUAGES))
    .min(1)
    .max(LANGUAGES.length)
    .refine((languages) => new Set(languages).size === languages.length, 'Each language once'),
  withConfirmation: z.boolean(),
});
export type NewsPublishInput = z.infer<typeof newsPublishInputSchema>;

export const adminNewsPublish = defineMethod({
  name: 'adminNewsPublish',
  summary: 'Admin: publishes an announcement to every customer reading one of its languages.',
  access: 'admin',
  actsForCustomer: false,
  input: newsPublishInputSchema,
  output: z.object({ id: z.number().int() }),
});

export const adminNewsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
  withConfirmation: z.boolean(),
  publishedAt: z.string(),
  readCount: z.number().int(),
  acceptedCount: z.number().int(),
  declinedCount: z.number().int(),
});
export type AdminNewsItem = z.infer<typeof adminNewsItemSchema>;

export const adminNewsList = defineMethod({
  name: 'adminNewsList',
  summary: 'Admin: published announcements, newest first, with how many customers read, accepted and declined each.',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ news: z.array(adminNewsItemSchema).max(NEWS_LIST_LIMIT) }),
});
