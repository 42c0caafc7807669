import { z } from 'zod';
import { verificationSummarySchema } from '../verification-status';
import { LIMIT_DOCUMENT_TYPE_IDS, MAX_REJECT_REASON_LENGTH, uploadedDocumentSchema } from './documents';
import { defineMethod } from './method';
import { personNameSchema } from './registration';

/**
 * KYC (spec 000 §7 "KYC request, KYC personal info update", "due diligence info get") and the
 * administrators' review of documents and customers (issue: admin console).
 */

export const verificationSummaryGet = defineMethod({
  name: 'verificationSummaryGet',
  summary: "The account verification status, its warning flag and the customer's required actions (spec 000 §4).",
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({ verification: verificationSummarySchema }),
});

export const kycRequest = defineMethod({
  name: 'kycRequest',
  summary: 'Sends the uploaded identity and address documents for review; the customer no longer needs KYC.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ verification: verificationSummarySchema }),
});

const MIN_AGE_YEARS = 18;
const MAX_AGE_YEARS = 120;

function yearsBetween(birthDay: string, today: Date): number {
  const birth = new Date(`${birthDay}T00:00:00Z`);
  let years = today.getUTCFullYear() - birth.getUTCFullYear();
  const hadBirthday =
    today.getUTCMonth() > birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() >= birth.getUTCDate());
  if (!hadBirthday) years -= 1;
  return years;
}

export const birthDaySchema = z.iso
  .date('Enter a date as YYYY-MM-DD.')
  .refine((value) => yearsBetween(value, new Date()) >= MIN_AGE_YEARS, 'You must be at least 18.')
  .refine((value) => yearsBetween(value, new Date()) <= MAX_AGE_YEARS, 'Check the year of birth.');

export const personalInfoSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  birthDay: birthDaySchema,
  /** Optional here: not every country issues one to every resident. */
  taxId: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .max(32)
        .regex(/^([A-Z0-9][A-Z0-9./-]{3,})?$/, 'Letters, digits, dots, slashes and dashes only.'),
    )
    .optional(),
});

export const kycPersonalInfoUpdate = defineMethod({
  name: 'kycPersonalInfoUpdate',
  summary: 'The KYC personal-info update: name, date of birth and tax id as on the identity document.',
  access: 'customer',
  actsForCustomer: false,
  input: personalInfoSchema,
  output: z.object({ updated: z.literal(true) }),
});

/** Due-diligence levels that ask the customer for information (spec 000 §7). */
export const DUE_DILIGENCE_LEVELS_WITH_INFO = [1, 4] as const;

/**
 * What each level asks for: 50 a source-of-funds declaration; level 4 (enhanced) adds 51 proof of
 * the source of wealth and 52 proof of occupation.
 */
export const DUE_DILIGENCE_DOCUMENT_TYPE_IDS: Readonly<Record<number, readonly number[]>> = {
  1: [50],
  4: [50, 51, 52],
};

export function hasDueDiligenceInfo(level: number | undefined): boolean {
  return level === 1 || level === 4;
}

export const dueDiligenceInfoGet = defineMethod({
  name: 'dueDiligenceInfoGet',
  summary: 'What due diligence asks of the customer; only for levels 1 and 4.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({
    dueDiligenceLevel: z.number().int(),
    /** Document types the level requires, with what was uploaded for each. */
    requirementDocuments: z.array(
      z.object({
        documentTypeId: z.number().int(),
        uploadedDocuments: z.array(z.object({ id: z.number().int(), statusId: z.number().int() })),
      }),
    ),
  }),
});

/* Administrators */

export const reviewQueueItemSchema = uploadedDocumentSchema.extend({
  customerId: z.number().int(),
  customerName: z.string(),
  customerType: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const REVIEW_QUEUE_PAGE_SIZE = 50;

export const adminDocumentReviewList = defineMethod({
  name: 'adminDocumentReviewList',
  summary: 'Uploaded documents waiting for review, oldest first.',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ documents: z.array(reviewQueueItemSchema) }),
});

export const REVIEW_DECISIONS = ['confirm', 'reject', 'nameMismatch'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const adminDocumentReview = defineMethod({
  name: 'adminDocumentReview',
  summary: 'Confirms a document, rejects it with a reason, or marks a name mismatch; the customer is told live.',
  access: 'admin',
  actsForCustomer: false,
  input: z
    .object({
      documentId: z.number().int().positive(),
      decision: z.enum(REVIEW_DECISIONS),
      rejectReason: z.string().trim().max(MAX_REJECT_REASON_LENGTH).optional(),
    })
    .refine((value) => value.decision !== 'reject' || (value.rejectReason ?? '').length > 0, {
      path: ['rejectReason'],
      message: 'Say why the document is rejected.',
    }),
  output: z.object({ document: uploadedDocumentSchema }),
});

export const adminCustomerVerificationGet = defineMethod({
  name: 'adminCustomerVerificationGet',
  summary: "A customer's verification status, flags and documents, for review.",
  access: 'admin',
  actsForCustomer: false,
  input: z.object({ customerId: z.number().int().positive() }),
  output: z.object({
    customerId: z.number().int(),
    customerName: z.string(),
    verified: z.boolean(),
    limited: z.boolean(),
    verification: verificationSummarySchema,
    documents: z.array(uploadedDocumentSchema),
  }),
});

export const adminCustomerVerify = defineMethod({
  name: 'adminCustomerVerify',
  summary: 'Marks a customer verified.',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({ customerId: z.number().int().positive() }),
  output: z.object({ verified: z.literal(true) }),
});

export const limitReasonInputSchema = z.object({
  /** 1: upload the listed documents; 2: contact support. */
  actionTypeId: z.union([z.literal(1), z.literal(2)]),
  reason: z.string().trim().min(3, 'Say why.').max(MAX_REJECT_REASON_LENGTH),
  requiredDocumentTypeIds: z
    .array(z.union(LIMIT_DOCUMENT_TYPE_IDS.map((id) => z.literal(id))))
    .max(10)
    .refine((ids) => new Set(ids).size === ids.length, 'Each document once.'),
});

export const adminCustomerLimit = defineMethod({
  name: 'adminCustomerLimit',
  summary: 'Limits a customer, with the reasons and the documents that lift the limit.',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({
    customerId: z.number().int().positive(),
    reasons: z.array(limitReasonInputSchema).min(1).max(10),
  }),
  output: z.object({ limited: z.literal(true) }),
});

export const adminCustomerUnlimit = defineMethod({
  name: 'adminCustomerUnlimit',
  summary: 'Lifts the limit of a customer; its open reasons are resolved.',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({ customerId: z.number().int().positive() }),
  output: z.object({ limited: z.literal(false) }),
});
