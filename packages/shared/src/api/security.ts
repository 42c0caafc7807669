import { z } from 'zod';
import { emailSchema } from '../validation/email';
import { defineMethod } from './method';

/**
 * Main-API methods of the security settings (spec 001 §3 "Security settings", §4 "Security",
 * §7 "Security settings"): the IP allow-list and its mode, the payout blacklist, the notification
 * settings and the legal information. Each change is recorded in the audit log and mailed to the
 * customer. Errors: VF with a field list for bad input (a malformed address, a range whose ends
 * are of different families or in the wrong order, a change that would lock the caller out
 * without `confirmed`), ENOA for an entry id that is not the customer's (or does not exist: the
 * answer is the same).
 */

/** Ids are 32-bit integers; numeric strings are accepted because the spec's client may send them. */
const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/* IP allow-list */

/** The longest text form of an address (an IPv6 address with an embedded IPv4 one). */
export const MAX_IP_TEXT_LENGTH = 45;
/** An address with a CIDR prefix length (`/128`). */
export const MAX_IP_NETWORK_TEXT_LENGTH = MAX_IP_TEXT_LENGTH + 4;
/** Entries per customer: enough for offices and VPN ranges, small enough to match in memory. */
export const MAX_IP_ALLOW_LIST_ENTRIES = 50;

export const AccessIpMode = { OFF: 0, ON: 1 } as const;
export type AccessIpMode = (typeof AccessIpMode)[keyof typeof AccessIpMode];

const ipTextSchema = z
  .string()
  .trim()
  .min(1, 'Enter an IP address.')
  .max(MAX_IP_NETWORK_TEXT_LENGTH, 'This is not an IP address.');

export const ipAllowListEntrySchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  /** The last address of a range; absent for a single address. */
  toIp: z.string().optional(),
  /** ISO 8601. */
  created: z.string(),
});
export type IpAllowListEntry = z.infer<typeof ipAllowListEntrySchema>;

/**
 * A change that would refuse the address the caller uses now is refused unless `confirmed` is
 * true: the screen warns first, and the server does not rely on it having done so.
 */
const confirmedSchema = z.boolean().optional();

export const ipAllowListGet = defineMethod({
  name: 'ipAllowListGet',
  summary: 'The IP allow-list, its mode, and the address this call came from.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({
    accessIpMode: z.number().int().min(0).max(1),
    /** The client address as the server sees it: what the allow-list is checked against. */
    currentIp: z.string(),
    /** Whether `currentIp` is in the list (a mode change or deletion would otherwise lock it out). */
    isCurrentIpAllowed: z.boolean(),
    list: z.array(ipAllowListEntrySchema),
  }),
});

export const ipAllowListAdd = defineMethod({
  name: 'ipAllowListAdd',
  summary:
    'Add a single IPv4 or IPv6 address, a range from `ip` to `toIp`, or a network in CIDR form (`ip` 203.0.113.0/24, no `toIp`; stored as the range it covers) to the IP allow-list.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({
    ip: ipTextSchema,
    toIp: z
      .string()
      .trim()
      .max(MAX_IP_TEXT_LENGTH, 'This is not an IP address.')
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  }),
  output: z.object({ entry: ipAllowListEntrySchema }),
});

export const ipAllowListDelete = defineMethod({
  name: 'ipAllowListDelete',
  summary: 'Remove an entry from the IP allow-list.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ id: idSchema, confirmed: confirmedSchema }),
  output: z.object({}),
});

export const ipAllowListModeSet = defineMethod({
  name: 'ipAllowListModeSet',
  summary: 'Turn access from allow-listed addresses only on (1) or off (0).',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({
    enable: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1),
    confirmed: confirmedSchema,
  }),
  output: z.object({ accessIpMode: z.number().int().min(0).max(1) }),
});

/* Payout blacklist */

export const BLACKLIST_BLOCK_TYPES = [1] as const;
export const blockTypeSchema = z.coerce
  .number()
  .int()
  .refine((value) => (BLACKLIST_BLOCK_TYPES as readonly number[]).includes(value), 'Choose a block type.');
export const MAX_BLACKLIST_ENTRIES = 1_000;
export const BLACKLIST_PAGE_SIZE = 20;

export const blacklistEntrySchema = z.object({
  email: z.string(),
  blockType: z.number().int(),
  /** ISO 8601. */
  created: z.string(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

export const blacklistList = defineMethod({
  name: 'blacklistList',
  summary: 'The payout blacklist, filtered by part of an e-mail and by block type, newest first.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({
    email: z.string().trim().max(254).optional(),
    blockType: blockTypeSchema.optional(),
    pageNumber: z.coerce.number().int().min(1).max(1_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(BLACKLIST_PAGE_SIZE),
  }),
  output: z.object({ list: z.array(blacklistEntrySchema), total: z.number().int() }),
});

export const BLACKLIST_ADDED_TEXT = 'The user with the e-mail has been added to the black list.';

export const blacklistAdd = defineMethod({
  name: 'blacklistAdd',
  summary: 'Block transfers with an e-mail, both ways (spec 001 §8 "Blacklist success").',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ email: emailSchema, blockType: blockTypeSchema }),
  output: z.object({ responseDescription: z.string(), entry: blacklistEntrySchema }),
});

export const blacklistDelete = defineMethod({
  name: 'blacklistDelete',
  summary: 'Remove an e-mail from the payout blacklist.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ email: emailSchema }),
  output: z.object({}),
});

/* Notification settings */

/**
 * The settings (spec 001 §3 "Notification setting": identified, value, group). Optional mails
 * honour them; security notices and sign-in codes are always sent, so they are listed as locked.
 */
export const NOTIFICATION_SETTINGS = {
  transferReceivedEmail: { group: 'transfers', isLocked: false, defaultValue: true },
  securityChangeEmail: { group: 'security', isLocked: true, defaultValue: true },
  signInCodeMessages: { group: 'security', isLocked: true, defaultValue: true },
} as const;
export type NotificationSettingId = keyof typeof NOTIFICATION_SETTINGS;
export const NOTIFICATION_SETTING_IDS = Object.keys(NOTIFICATION_SETTINGS) as NotificationSettingId[];
export const NOTIFICATION_SETTING_GROUPS = ['transfers', 'security'] as const;
export type NotificationSettingGroup = (typeof NOTIFICATION_SETTING_GROUPS)[number];

export function isNotificationSettingId(value: string): value is NotificationSettingId {
  return Object.hasOwn(NOTIFICATION_SETTINGS, value);
}

export const notificationSettingSchema = z.object({
  identified: z.string(),
  value: z.boolean(),
  group: z.enum(NOTIFICATION_SETTING_GROUPS),
  /** Always on: shown so the customer knows these mails come whatever they choose. */
  isLocked: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const notificationSettingsGet = defineMethod({
  name: 'notificationSettingsGet',
  summary: 'The notification settings of the signed-in user, with their groups.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ settings: z.array(notificationSettingSchema) }),
});

export const notificationSettingsSet = defineMethod({
  name: 'notificationSettingsSet',
  summary: 'Change notification settings; locked ones cannot be switched off.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({
    settings: z
      .array(
        z.object({
          identified: z
            .string()
            .max(64)
            .refine((value) => isNotificationSettingId(value), 'Unknown notification setting.'),
          value: z.boolean(),
        }),
      )
      .min(1)
      .max(NOTIFICATION_SETTING_IDS.length),
  }),
  output: z.object({ settings: z.array(notificationSettingSchema) }),
});

/* Legal information */

export const agreementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  version: z.number().int(),
  url: z.string(),
  /** ISO 8601: when the signed-in user accepted this version. */
  acceptedAt: z.string(),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const legalInfoGet = defineMethod({
  name: 'legalInfoGet',
  summary: 'The legal identity of the brand and the agreements the user accepted.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({
    issuerName: z.string(),
    brandName: z.string(),
    address: z.array(z.string()),
    regulatorFooter: z.string(),
    supportEmail: z.string(),
    supportPhone: z.string(),
    items: z.array(agreementSchema),
  }),
});

/** The download of one accepted agreement as a PDF (REST: the file is binary). */
export function agreementPdfPath(agreementId: number): string {
  return `/files/agreements/${agreementId}.pdf`;
}
