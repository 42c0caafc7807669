import { z } from 'zod';
import { emailSchema } from '../validation/email';
import { isValidPkceString } from '../validation/pkce';
import { ADDRESS_DOCUMENT_TYPE_IDS, uploadedDocumentSchema } from './documents';
import { defineMethod } from './method';
import { countryCodeSchema } from './registration';

/**
 * Main-API methods of the customer's profile (spec 000 §3 "Personal documents", 001 §3 "Customer
 * address", §5, §7): addresses with their proof documents, phones, e-mails, the username (sign-in
 * e-mail) change and the tax id.
 */

const ID_MAX = 2_147_483_647;
const idSchema = z.number().int().positive().max(ID_MAX);

/* Addresses */

/** 1 registered (home) address, 5 place of business (spec 001 §3 "Address payload"). */
export const ADDRESS_STATUSES = [1, 5] as const;
export type AddressStatus = (typeof ADDRESS_STATUSES)[number];
export const NEW_ADDRESS_STATUS: AddressStatus = 1;

export const ADDRESS_LIFECYCLES = ['draft', 'active', 'replaced', 'deleted'] as const;
export type AddressLifecycle = (typeof ADDRESS_LIFECYCLES)[number];

/** The verification status summary other domains read (spec 000 §4 "address problem"). */
export const CONTACT_ADDRESS_STATUSES = ['none', 'pending', 'confirmed', 'rejected', 'problem'] as const;
export type ContactAddressStatus = (typeof CONTACT_ADDRESS_STATUSES)[number];

const MAX_ADDRESS_LINE_LENGTH = 120;
const MAX_CITY_LENGTH = 80;
const MAX_POSTAL_CODE_LENGTH = 16;
const MAX_STATE_LENGTH = 80;
/** At most this many addresses in use or in draft: one per kind plus a replacement draft each. */
export const MAX_OPEN_ADDRESSES = 4;

const addressLineSchema = z.string().trim().min(1, 'Enter the address.').max(MAX_ADDRESS_LINE_LENGTH);

export const addressInputSchema = z.object({
  address1: addressLineSchema,
  address2: z.string().trim().max(MAX_ADDRESS_LINE_LENGTH).optional(),
  city: z.string().trim().min(1, 'Enter the city.').max(MAX_CITY_LENGTH),
  postalCode: z
    .string()
    .trim()
    .min(2, 'Enter the postal code.')
    .max(MAX_POSTAL_CODE_LENGTH)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Letters, digits, spaces and dashes only.'),
  countryCode: countryCodeSchema,
  stateCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,3}$/)
    .optional(),
  stateName: z.string().trim().max(MAX_STATE_LENGTH).optional(),
  addressStatus: z.literal(ADDRESS_STATUSES).default(NEW_ADDRESS_STATUS),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const customerAddressSchema = z.object({
  addressId: z.number().int(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
  addressStatus: z.number().int(),
  stateCode: z.string().optional(),
  stateName: z.string().optional(),
  /** Spec 001 §4 confirmation value, from the review of the address's documents. */
  confirmed: z.number().int().min(0).max(4),
  lifecycle: z.enum(ADDRESS_LIFECYCLES),
  replacesAddressId: z.number().int().optional(),
  uploadedDocuments: z.array(uploadedDocumentSchema),
  isDocumentOutOfDate: z.boolean(),
  isCardDocumentRequired: z.boolean(),
  createdAt: z.string(),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

export const addressInquiry = defineMethod({
  name: 'addressInquiry',
  summary: 'The customer’s addresses in use and in draft, with their uploaded documents.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({ addresses: z.array(customerAddressSchema) }),
});

/**
 * A new address starts as a draft (addressStatus 1 unless it is a place of business); its proof
 * documents are uploaded to it as multipart (`POST /customer/address/documents`), then the
 * customer confirms it.
 */
export const customerAddressCreate = defineMethod({
  name: 'customerAddressCreate',
  summary: 'Start a new address (a draft awaiting its documents and confirmation).',
  access: 'customer',
  actsForCustomer: true,
  input: addressInputSchema,
  output: z.object({ address: customerAddressSchema }),
});

export const cardAtAddressSchema = z.object({
  accountId: z.number().int(),
  cardAliasName: z.string().optional(),
  lastFour: z.string().optional(),
});

export const addressReplaceCheck = defineMethod({
  name: 'addressReplaceCheck',
  summary: 'Which cards a replacement address would cancel or ship to the old address.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ countryCode: countryCodeSchema, oldAddressId: idSchema }),
  output: z.object({
    cardsToBeCancelled: z.array(cardAtAddressSchema),
    cardsToBeShippedToOldAddress: z.array(cardAtAddressSchema),
  }),
});

export const customerAddressReplace = defineMethod({
  name: 'customerAddressReplace',
  summary: 'Start a replacement of an address in use (a draft that retires the old one when confirmed).',
  access: 'customer',
  actsForCustomer: true,
  input: addressInputSchema.extend({ oldAddressId: idSchema }),
  output: z.object({ address: customerAddressSchema }),
});

export const customerAddressConfirm = defineMethod({
  name: 'customerAddressConfirm',
  summary: 'Submit a draft address with its documents for review; a replacement retires the old address.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ addressId: idSchema }),
  output: z.object({ address: customerAddressSchema }),
});

export const customerAddressDelete = defineMethod({
  name: 'customerAddressDelete',
  summary: 'Delete a draft address, or a place of business in use.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ addressId: idSchema }),
  output: z.object({ addressId: z.number().int() }),
});

/** The parts of the address documents upload (spec 001 §7). */
export const ADDRESS_DOCUMENT_PARTS = ['main', 'additional', 'relationship'] as const;
export type AddressDocumentPart = (typeof ADDRESS_DOCUMENT_PARTS)[number];
export const ADDRESS_DOCUMENTS_PATH = '/customer/address/documents';
/** What the upload accepts (checked by content on the server): the web checks the same before sending. */
export const ADDRESS_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export const MAX_ADDRESS_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Proof that the customer lives with the person named on the main document (category 6). */
export const RELATIONSHIP_DOCUMENT_TYPE_IDS = [60, 61, 62] as const;

/** The JSON `data` part of the upload. */
export const addressDocumentsDataSchema = z.object({
  addressId: idSchema,
  documentType: z.literal(ADDRESS_DOCUMENT_TYPE_IDS),
  relationshipDocumentType: z.literal(RELATIONSHIP_DOCUMENT_TYPE_IDS).optional(),
});
export type AddressDocumentsData = z.infer<typeof addressDocumentsDataSchema>;

export const addressDocumentsResponseSchema = z.object({
  responseCode: z.literal('00'),
  address: customerAddressSchema,
});

/* Phones */

export const PHONE_STATUSES = ['unconfirmed', 'confirmed', 'removed'] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];
/** Spec 000 §5: phone type 2. */
export const MOBILE_PHONE_TYPE = 2;
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const MAX_PHONE_CODE_ATTEMPTS = 5;
export const MAX_PHONES = 5;
export const PHONE_CODE_RESEND_SECONDS = 60;

/** The calling code without the plus sign (spec 000 §5): the client strips it, the server refuses it. */
export const callingCodeSchema = z.string().regex(/^[1-9]\d{0,2}$/, 'The country code is digits only, without +.');
export const nationalNumberSchema = z
  .string()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\d{4,15}$/, 'Enter the number in digits.'));

export const customerPhoneSchema = z.object({
  phoneId: z.number().int(),
  countryCode: z.string(),
  number: z.string(),
  /** E.164, for display. */
  e164: z.string(),
  phoneType: z.number().int(),
  /** 'Primary' for the primary phone (spec 000 §3), else Confirmed or Unconfirmed. */
  status: z.enum(['Primary', 'Confirmed', 'Unconfirmed']),
  isPrimary: z.boolean(),
  replacesPhoneId: z.number().int().optional(),
});
export type CustomerPhone = z.infer<typeof customerPhoneSchema>;

export const phoneInquiry = defineMethod({
  name: 'phoneInquiry',
  summary: 'The customer’s phones; exactly one confirmed phone is primary.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({ phones: z.array(customerPhoneSchema) }),
});

const codeChallengeSchema = z.string().refine(isValidPkceString, 'Not a PKCE challenge.');

export const phoneCodeSentSchema = z.object({
  phone: customerPhoneSchema,
  /** The request id to send back with the code (the approvalCode). */
  reqId: z.string(),
  expiresAt: z.string(),
  /** The SMS went through the sandbox gateway (see /dev/outbox). */
  isSandbox: z.boolean(),
});

export const phoneAdd = defineMethod({
  name: 'phoneAdd',
  summary: 'Add a mobile phone (type 2) and send it a confirmation code by SMS.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({
    countryCode: callingCodeSchema,
    number: nationalNumberSchema,
    phoneType: z.literal(MOBILE_PHONE_TYPE).default(MOBILE_PHONE_TYPE),
    codeChallenge: codeChallengeSchema.optional(),
  }),
  output: phoneCodeSentSchema,
});

export const phoneReplace = defineMethod({
  name: 'phoneReplace',
  summary: 'Replace a phone: the new number takes over (and stays primary) once its code is confirmed.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({
    phoneId: idSchema,
    countryCode: callingCodeSchema,
    number: nationalNumberSchema,
    phoneType: z.literal(MOBILE_PHONE_TYPE).default(MOBILE_PHONE_TYPE),
    codeChallenge: codeChallengeSchema.optional(),
  }),
  output: phoneCodeSentSchema,
});

const phoneCodeSchema = z.string().regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), 'Enter the code from the SMS.');

/** Either the code with the PKCE verifier of the challenge sent when asking for it, or reqId + approvalCode. */
export const phoneConfirm = defineMethod({
  name: 'phoneConfirm',
  summary: 'Confirm a phone with the SMS code (with the PKCE verifier, or with reqId and approvalCode).',
  access: 'customer',
  actsForCustomer: true,
  input: z
    .object({
      phoneId: idSchema,
      verification: z
        .object({
          code: phoneCodeSchema,
          codeVerifier: z.string().refine(isValidPkceString, 'Not a PKCE verifier.'),
        })
        .optional(),
      reqId: z.string().min(1).max(64).optional(),
      approvalCode: phoneCodeSchema.optional(),
    })
    .refine(
      (value) =>
        value.verification !== undefined
          ? value.reqId === undefined && value.approvalCode === undefined
          : value.reqId !== undefined && value.approvalCode !== undefined,
      { message: 'Send the code with its verifier, or the reqId with the approval code.', path: ['code'] },
    ),
  output: z.object({ phone: customerPhoneSchema }),
});

export const phoneSetPrimary = defineMethod({
  name: 'phoneSetPrimary',
  summary: 'Make a confirmed phone the primary one.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ phoneId: idSchema }),
  output: z.object({ phones: z.array(customerPhoneSchema) }),
});

/** Body of `POST /verification/phones/{phoneId}/verify` (spec 000 §7): sends a new code. */
export const phoneVerifyRequestSchema = z.object({
  type: z.literal('sms').default('sms'),
  codeChallenge: codeChallengeSchema.optional(),
});
export const phoneVerifyResponseSchema = z.object({
  responseCode: z.literal('00'),
  reqId: z.string(),
  expiresAt: z.string(),
  isSandbox: z.boolean(),
});

/* E-mails and the username */

export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 60;
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const MAX_EMAIL_CODE_ATTEMPTS = 5;
export const MAX_EMAILS = 5;
export const EMAIL_CHANGE_STATUSES = ['active', 'failed', 'completed'] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];

const emailCodeSchema = z.string().regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), 'Enter the code from the e-mail.');

export const customerEmailSchema = z.object({
  emailId: z.number().int(),
  email: z.string(),
  isConfirmed: z.boolean(),
  isPrimary: z.boolean(),
});
export type CustomerEmail = z.infer<typeof customerEmailSchema>;

export const usernameChangeRequestSchema = z.object({
  requestId: z.number().int(),
  desiredUsername: z.string(),
  status: z.enum(EMAIL_CHANGE_STATUSES),
  logs: z.array(z.object({ at: z.string(), event: z.string(), detail: z.string().optional() })),
  createdAt: z.string(),
});
export type UsernameChangeRequest = z.infer<typeof usernameChangeRequestSchema>;

export const emailInquiry = defineMethod({
  name: 'emailInquiry',
  summary: 'The customer’s e-mails, the sign-in e-mail and the latest username change request.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({
    username: z.string(),
    emails: z.array(customerEmailSchema),
    usernameChangeRequest: usernameChangeRequestSchema.optional(),
  }),
});

export const emailAdd = defineMethod({
  name: 'emailAdd',
  summary: 'Add an e-mail and send it a confirmation code and link.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ email: emailSchema }),
  output: z.object({ email: customerEmailSchema }),
});

export const emailConfirm = defineMethod({
  name: 'emailConfirm',
  summary: 'Confirm an e-mail with the code sent to it.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ emailId: idSchema, code: emailCodeSchema }),
  output: z.object({ email: customerEmailSchema }),
});

export const emailResend = defineMethod({
  name: 'emailResend',
  summary: 'Send a new confirmation code to an unconfirmed e-mail.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ emailId: idSchema }),
  output: z.object({ email: customerEmailSchema }),
});

export const emailDelete = defineMethod({
  name: 'emailDelete',
  summary: 'Delete an e-mail other than the primary one.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ emailId: idSchema }),
  output: z.object({ emailId: z.number().int() }),
});

export const emailSetPrimary = defineMethod({
  name: 'emailSetPrimary',
  summary: 'Make a confirmed e-mail the primary one.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ emailId: idSchema }),
  output: z.object({ emails: z.array(customerEmailSchema) }),
});

/** Link in the confirmation mail: `GET /customer/email-confirmation?token=…` redirects to `/profile?emailConfirmation=success|fail`. */
export const EMAIL_CONFIRMATION_PATH = '/customer/email-confirmation';
export const EMAIL_CONFIRMATION_QUERY = 'emailConfirmation';

export const usernameChangeRequestCreate = defineMethod({
  name: 'usernameChangeRequestCreate',
  summary: 'Ask to sign in with another e-mail; a code is sent to it and the login changes once confirmed.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ desiredUsername: emailSchema }),
  output: z.object({ usernameChangeRequest: usernameChangeRequestSchema }),
});

export const usernameChangeConfirm = defineMethod({
  name: 'usernameChangeConfirm',
  summary: 'Confirm the username change with the code sent to the new e-mail.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({ requestId: idSchema, code: emailCodeSchema }),
  output: z.object({ username: z.string(), usernameChangeRequest: usernameChangeRequestSchema }),
});

/* Tax id */

export const MAX_TAX_ID_LENGTH = 32;
export const taxIdSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(4, 'Enter the tax number.')
      .max(MAX_TAX_ID_LENGTH)
      .regex(/^[A-Z0-9][A-Z0-9./-]*$/, 'Letters, digits, dots, slashes and dashes only.'),
  );

export const customerTaxNumberUpdate = defineMethod({
  name: 'customerTaxNumberUpdate',
  summary: 'Set the customer’s tax number.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({ taxId: taxIdSchema }),
  output: z.object({ taxId: z.string() }),
});
