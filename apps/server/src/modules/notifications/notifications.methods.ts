import { notificationListGet, notificationMarkRead } from '@app/shared/api/notifications';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import * as notificationsService from './notifications.service';

/** Notifications are the customer's: an administrator must name the customer (fromCustomerId). */
function actingCustomerId(context: MethodContext): number {
  if (context.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  return context.customerId;
}

export function notificationMethods(): RegisteredMethod[] {
  return [
    handleMethod(notificationListGet, (input, context) =>
      notificationsService.listCustomerNotifications(context.db, {
        customerId: actingCustomerId(context),
        pageNumber: input.pageNumber,
        unreadOnly: input.unreadOnly === true,
      }),
    ),

    handleMethod(notificationMarkRead, async (input, context) => ({
      unreadCount: await notificationsService.markNotificationsRead(context.db, {
        customerId: actingCustomerId(context),
        ids: input.ids ?? 'all',
        now: new Date(),
      }),
    })),
  ];
}
