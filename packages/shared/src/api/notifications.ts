import { z } from 'zod';
import { defineMethod } from './method';

/**
 * Customer notifications (spec 000 §4 "News and notifications"): what the live channel pushes to a
 * customer's sockets, and the list a customer reads back (spec 001 §2 "profile/notifications").
 */

/** Customer notification types of spec 000 §4; the server raises them and the web reacts to them. */
export const NOTIFICATION_TYPES = [
  'info',
  'documentFailed',
  'documentRejected',
  'documentExpired',
  'documentExpSoon',
  'usernameChangeFailed',
  'batchPartially',
  'zohoNewMessage',
  'zohoClosedNoReply',
  'acceptTermsLogin',
  'smartContractSigned',
  'smartContractRejected',
  'smartContractCancelled',
  'smartContractCreated',
  'smartContractTerminated',
  'smartContractTerminationRequest',
  'smartContractTerminationCancelled',
  'cardClosed',
  'fundsReceived',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

export const NOTIFICATION_STATUSES = ['error', 'info', 'warning', 'success'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export function isNotificationStatus(value: unknown): value is NotificationStatus {
  return typeof value === 'string' && (NOTIFICATION_STATUSES as readonly string[]).includes(value);
}

/**
 * The status each type is raised with: a document that failed or was rejected is an error, one about
 * to expire a warning. Callers pass the status explicitly; this is the default they should use.
 */
export const NOTIFICATION_DEFAULT_STATUS: Record<NotificationType, NotificationStatus> = {
  info: 'info',
  documentFailed: 'error',
  documentRejected: 'error',
  documentExpired: 'error',
  documentExpSoon: 'warning',
  usernameChangeFailed: 'error',
  batchPartially: 'warning',
  zohoNewMessage: 'info',
  zohoClosedNoReply: 'info',
  acceptTermsLogin: 'warning',
  smartContractSigned: 'success',
  smartContractRejected: 'error',
  smartContractCancelled: 'warning',
  smartContractCreated: 'info',
  smartContractTerminated: 'warning',
  smartContractTerminationRequest: 'warning',
  smartContractTerminationCancelled: 'info',
  cardClosed: 'warning',
  fundsReceived: 'success',
};

/** Notifications listed per page, newest first. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Payload values stay small and flat: ids, names, dates; never documents. */
export const notificationPayloadSchema = z.record(
  z.string().max(64),
  z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
);

export const customerNotificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUSES),
  payload: notificationPayloadSchema,
  isRead: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type CustomerNotification = z.infer<typeof customerNotificationSchema>;

export const notificationListGet = defineMethod({
  name: 'notificationListGet',
  summary: "The customer's notifications, newest first, with the unread count.",
  access: 'customer',
  actsForCustomer: true,
  input: z.object({
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
    unreadOnly: z.boolean().optional(),
  }),
  output: z.object({
    notifications: z.array(customerNotificationSchema),
    total: z.number().int(),
    unreadCount: z.number().int(),
  }),
});

export const notificationMarkRead = defineMethod({
  name: 'notificationMarkRead',
  summary: 'Marks the listed notifications (or all of them) read for the customer.',
  access: 'customer',
  actsForCustomer: true,
  input: z
    .object({
      ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100).optional(),
      all: z.literal(true).optional(),
    })
    .refine((input) => (input.ids === undefined) !== (input.all === undefined), {
      message: 'Give the ids, or all: true',
      path: ['ids'],
    }),
  output: z.object({ unreadCount: z.number().int() }),
});
