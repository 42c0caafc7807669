import type { QueryKey } from '@tanstack/react-query';
import { accountsQueryKey } from '../features/accounts/api/get-accounts';
import { customerInfoQueryKey } from '../features/customers/api/get-customer-info';
import { historyQueryRoot } from '../features/history/api/get-transaction-history';
import { pendingTermsQueryKey } from '../features/terms/api/get-pending-terms';

/** Customer notification types of spec 000 §4. */
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

/**
 * Which cached data a notification makes stale. Documents, smart contracts and accounts join this map
 * with the issues that bring their queries.
 */
export const NOTIFICATION_INVALIDATIONS: Partial<Record<NotificationType, readonly QueryKey[]>> = {
  fundsReceived: [accountsQueryKey, historyQueryRoot],
  usernameChangeFailed: [customerInfoQueryKey],
  acceptTermsLogin: [customerInfoQueryKey, pendingTermsQueryKey],
};
