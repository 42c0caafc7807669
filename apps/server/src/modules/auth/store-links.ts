import type { Language } from '@app/shared/constants';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { errors } from '../../platform/errors';
import type { Messaging } from '../../platform/messaging/messages';
import { brandNameOf } from './sent-codes';
import { storeLinksTextIn } from './store-links-texts';

/**
 * POST /auth/stores-urls/send: the brand's app-store links by SMS, so the user can install the app
 * that approves pushes. The links follow the brands' pattern of apps/web/src/brands/<id>/config.ts
 * (the server has no brand catalogue yet).
 */
export function storeLinksOf(brand: string): { ios: string; android: string } {
  return {
    ios: `https://apps.apple.com/app/${brand}-wallet/id0000000000`,
    android: `https://play.google.com/store/apps/details?id=example.${brand}.wallet`,
  };
}

/** The number in E.164, or a VF naming the field: international form, a real number plan. */
export function e164Of(phoneNumber: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (parsed?.isValid() !== true) {
    throw errors.validation([
      { field: 'phoneNumber', message: 'Enter a valid phone number with its country code, e.g. +44 7700 900123.' },
    ]);
  }
  return parsed.number;
}

export async function sendStoreLinks(
  messaging: Messaging,
  params: { brand: string; phoneNumber: string; language: Language },
): Promise<void> {
  const links = storeLinksOf(params.brand);
  await messaging.sms.send({
    to: e164Of(params.phoneNumber),
    text: storeLinksTextIn(params.language)({ brand: brandNameOf(params.brand), ...links }),
  });
}
