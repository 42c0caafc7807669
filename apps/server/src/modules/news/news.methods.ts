import {
  adminNewsList,
  adminNewsPublish,
  announcementAcceptOrDecline,
  announcementGet,
  announcementList,
  announcementMarkRead,
} from '@app/shared/api/news';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import * as newsService from './news.service';

/** News receipts are the customer's: an administrator must name the customer (fromCustomerId). */
function actingCustomerId(context: MethodContext): number {
  if (context.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  return context.customerId;
}

function sessionOf(context: MethodContext): Session {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  return context.session;
}

export function newsMethods(): RegisteredMethod[] {
  return [
    handleMethod(announcementList, (input, context) =>
      newsService.listAnnouncements(context.db, {
        customerId: actingCustomerId(context),
        lang: context.lang,
        withConfirmation: input.withConfirmation === true,
      }),
    ),

    handleMethod(announcementGet, async (input, context) => ({
      announcement: await newsService.getAnnouncement(context.db, {
        customerId: actingCustomerId(context),
        id: input.id,
      }),
    })),

    handleMethod(announcementMarkRead, async (input, context) => ({
      unreadCount: await newsService.markAnnouncementsRead(context.db, {
        customerId: actingCustomerId(context),
        lang: context.lang,
        ids: input.ids,
        now: new Date(),
      }),
    })),

    handleMethod(announcementAcceptOrDecline, async (input, context) => ({
      announcement: await newsService.decideAnnouncement(context.db, {
        customerId: actingCustomerId(context),
        userId: sessionOf(context).userId,
        id: input.id,
        choice: input.choice,
        ip: context.request.ip,
        now: new Date(),
      }),
    })),

    handleMethod(adminNewsPublish, (input, context) =>
      newsService.publishNews(context.db, {
        input,
        adminUserId: sessionOf(context).userId,
        ip: context.request.ip,
      }),
    ),

    handleMethod(adminNewsList, async (_input, context) => ({
      news: await newsService.listPublishedNews(context.db),
    })),
  ];
}
