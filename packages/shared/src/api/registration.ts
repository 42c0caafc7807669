import { z } from 'zod';
import { termsItemSchema } from './customers';
import { defineMethod } from './method';
import { emailSchema } from '../validation/email';
import { collapseWhitespace } from '../validation/names';

/**
 * Registration, activation, password reset and the existence checks (spec 000 §1, §2, §6; 001 §2,
 * §7 "Other", §8). All of them are public: nobody who calls them has a session yet.
 */

/** The personal registration types of spec 000 §1, in the order the form lists them. */
export const PERSONAL_REGISTRATION_TYPES = [
  'webmasters',
  'freelancers',
  'webcamModels',
  'developers',
  'independentContractors',
  'others',
] as const;
export type PersonalRegistrationType = (typeof PERSONAL_REGISTRATION_TYPES)[number];

export interface RegistrationPolicy {
  isSelfRegistrationEnabled: boolean;
  personalTypes: readonly PersonalRegistrationType[];
}

const typesWithoutWebcamModels = PERSONAL_REGISTRATION_TYPES.filter((type) => type !== 'webcamModels');

/**
 * Who may register under which brand, enforced by the server (spec 000 §1): webcam models only on
 * the main brand, and one brand without self-registration. The web app's brand configs carry the
 * same switches to shape the screens; a web test keeps the two equal.
 */
export const REGISTRATION_POLICIES = {
  harbor: { isSelfRegistrationEnabled: true, personalTypes: PERSONAL_REGISTRATION_TYPES },
  lumen: { isSelfRegistrationEnabled: true, personalTypes: typesWithoutWebcamModels },
  cobalt: { isSelfRegistrationEnabled: true, personalTypes: typesWithoutWebcamModels },
  fjord: { isSelfRegistrationEnabled: true, personalTypes: typesWithoutWebcamModels },
  saffron: { isSelfRegistrationEnabled: true, personalTypes: typesWithoutWebcamModels },
  tidewater: { isSelfRegistrationEnabled: false, personalTypes: typesWithoutWebcamModels },
} as const satisfies Record<string, RegistrationPolicy>;
export type RegistrationBrand = keyof typeof REGISTRATION_POLICIES;
export const REGISTRATION_BRANDS = Object.keys(REGISTRATION_POLICIES) as [RegistrationBrand, ...RegistrationBrand[]];

/** ISO 3166-1 alpha-2; the web app names them with Intl.DisplayNames in the customer's language. */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Activation codes and links live two days: long enough for a weekend, short enough to go stale. */
export const ACTIVATION_TTL_HOURS = 48;
/** A reset code is for the next few minutes at the keyboard. */
export const PASSWORD_RESET_CODE_TTL_MINUTES = 15;
/** After the code was right, the new password must follow soon. */
export const PASSWORD_RESET_TOKEN_TTL_MINUTES = 15;
/** Wrong codes before an activation or reset code stops working (a new one must be requested). */
export const MAX_REGISTRATION_CODE_ATTEMPTS = 5;
export const CODE_LENGTH = 6;

const MAX_NAME_LENGTH = 100;
const MAX_PHONE_LENGTH = 32;
/** A link token is 32 random bytes in base64url. */
const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

export const personNameSchema = z
  .string()
  .transform(collapseWhitespace)
  .pipe(z.string().min(1, 'Enter a name.').max(MAX_NAME_LENGTH));

/**
 * Only a ceiling here: the rule itself (validation/password.ts) needs the customer's own words and
 * zxcvbn's dictionaries, which the server loads and the web app loads only on its password screens.
 */
const MAX_PASSWORD_INPUT_LENGTH = 1024;
export const newPasswordSchema = z.string().max(MAX_PASSWORD_INPUT_LENGTH);

export const phoneInputSchema = z.string().trim().min(4).max(MAX_PHONE_LENGTH);
export const countryCodeSchema = z.enum(COUNTRY_CODES);
/** The six-digit code from the mail, or the token of the link in it. */
export const activationCodeSchema = z
  .string()
  .trim()
  .refine((value) => CODE_PATTERN.test(value) || LINK_TOKEN_PATTERN.test(value), 'Enter the 6-digit code.');

export function isLinkToken(value: string): boolean {
  return LINK_TOKEN_PATTERN.test(value);
}

export const registrationTermsList = defineMethod({
  name: 'registrationTermsList',
  summary: 'The terms a new personal customer accepts, each in its current version.',
  access: 'public',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ terms: z.array(termsItemSchema) }),
});

export const personalRegistrationCreate = defineMethod({
  name: 'personalRegistrationCreate',
  summary:
    'Register a personal customer: an inactive user and its customer. An activation code and link are e-mailed; the account works once activated.',
  access: 'public',
  actsForCustomer: false,
  input: z.object({
    email: emailSchema,
    password: newPasswordSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
    countryCode: countryCodeSchema,
    phone: phoneInputSchema,
    registrationType: z.enum(PERSONAL_REGISTRATION_TYPES),
    brand: z.enum(REGISTRATION_BRANDS),
    /** The terms the customer was shown (registrationTermsList) and accepted; they must still be current. */
    termIds: z.array(z.number().int().positive()).max(20),
    isTermsAccepted: z.literal(true, 'Accept the terms to continue.'),
  }),
  output: z.object({
    login: z.string(),
    /** ISO 8601: when the code and link in the mail stop working. */
    activationExpiresAt: z.string(),
  }),
});

/** Either the username or the e-mail names the account (spec 001 §7). */
const accountNameFields = {
  username: emailSchema.optional(),
  email: emailSchema.optional(),
};

function hasAccountName(input: { username?: string; email?: string }): boolean {
  return input.username !== undefined || input.email !== undefined;
}

const accountNameIssue = { message: 'Enter your e-mail address.', path: ['username'] };

export const accountActivate = defineMethod({
  name: 'accountActivate',
  summary:
    'Activate a registered account with the 6-digit code or the link token from the activation mail. Five wrong codes end the code; it works once.',
  access: 'public',
  actsForCustomer: false,
  input: z
    .object({ ...accountNameFields, activationCode: activationCodeSchema })
    .refine(hasAccountName, accountNameIssue),
  output: z.object({
    login: z.string(),
    customerType: z.enum(['personal', 'business']),
    /** Business activation: how many authorized users were sent their own activation links. */
    invitedUsersNotified: z.number().int().optional(),
  }),
});

export const employeeActivate = defineMethod({
  name: 'employeeActivate',
  summary:
    'An invited user of a business activates their sign-in: their names and a password, with the code or link token from the invitation.',
  access: 'public',
  actsForCustomer: false,
  input: z
    .object({
      ...accountNameFields,
      activationCode: activationCodeSchema,
      firstName: personNameSchema,
      lastName: personNameSchema,
      password: newPasswordSchema,
      passwordRepeat: newPasswordSchema,
    })
    .refine(hasAccountName, accountNameIssue)
    .refine((input) => input.password === input.passwordRepeat, {
      message: 'The passwords do not match.',
      path: ['passwordRepeat'],
    }),
  output: z.object({ login: z.string(), businessName: z.string().optional() }),
});

export const accountActivationResend = defineMethod({
  name: 'accountActivationResend',
  summary:
    'Send a new activation code and link to an account that is not active yet. The answer is the same whether or not such an account exists.',
  access: 'public',
  actsForCustomer: false,
  input: z.object({ email: emailSchema }),
  output: z.object({}),
});

export const passwordResetRequest = defineMethod({
  name: 'passwordResetRequest',
  summary: 'Send a password reset code to the e-mail. The answer is the same whether or not the e-mail has an account.',
  access: 'public',
  actsForCustomer: false,
  input: z.object({ email: emailSchema }),
  output: z.object({ codeExpiresInSeconds: z.number().int() }),
});

export const passwordResetCodeCheck = defineMethod({
  name: 'passwordResetCodeCheck',
  summary: 'Check the reset code; a right code returns the token that completes the reset.',
  access: 'public',
  actsForCustomer: false,
  input: z.object({
    email: emailSchema,
    code: z.string().trim().regex(CODE_PATTERN, 'Enter the 6-digit code.'),
  }),
  output: z.object({ resetToken: z.string(), tokenExpiresInSeconds: z.number().int() }),
});

export const passwordResetComplete = defineMethod({
  name: 'passwordResetComplete',
  summary: 'Set the new password. Every session and refresh token of the user ends.',
  access: 'public',
  actsForCustomer: false,
  input: z
    .object({
      resetToken: z.string().trim().regex(LINK_TOKEN_PATTERN, 'This reset link is not valid.'),
      password: newPasswordSchema,
      passwordRepeat: newPasswordSchema,
    })
    .refine((input) => input.password === input.passwordRepeat, {
      message: 'The passwords do not match.',
      path: ['passwordRepeat'],
    }),
  output: z.object({ login: z.string() }),
});

/**
 * 0: free; 1: an active account uses it; 2: an account that is not active (awaiting activation, or
 * blocked) uses it. Spec 001 §5 treats 1 and 2 alike as taken.
 */
export const EXISTENCE_STATUSES = [0, 1, 2] as const;

export const emailExistsCheck = defineMethod({
  name: 'emailExistsCheck',
  summary: 'Whether an account uses the e-mail (rate-limited per client address).',
  access: 'public',
  actsForCustomer: false,
  input: z.object({ email: emailSchema }),
  output: z.object({ exists: z.boolean(), status: z.literal(EXISTENCE_STATUSES) }),
});

export const phoneExistsCheck = defineMethod({
  name: 'phoneExistsCheck',
  summary:
    'Whether a registered customer uses the phone number; national numbers are read in the given country (rate-limited per client address).',
  access: 'public',
  actsForCustomer: false,
  input: z.object({ phone: phoneInputSchema, countryCode: countryCodeSchema.optional() }),
  output: z.object({
    exists: z.boolean(),
    /** The number in E.164, as it is compared. */
    phone: z.string(),
  }),
});
