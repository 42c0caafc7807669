import { z } from 'zod';
import { verificationSummarySchema } from '../verification-status';
import { defineMethod } from './method';

/** Main-API methods of the customers domain (spec 000 §3 "Customer info response"). */

export const CUSTOMER_TYPES = ['personal', 'business'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const LOGIN_2FA_MODES = ['no', 'push', 'otp', 'sms'] as const;
export type Login2faMode = (typeof LOGIN_2FA_MODES)[number];

/**
 * The signed-in user and the customer they act for. An administrator who is not acting for a
 * customer has no customer: the customer fields (marked "customer") are then absent, never
 * invented; `isAdmin` is true and `isHaveRelatedAccounts` false. For everyone else they are present.
 */
export const customerInfoSchema = z.object({
  userId: z.number().int(),
  /** customer */
  customerId: z.number().int().optional(),
  /** customer */
  customerType: z.enum(CUSTOMER_TYPES).optional(),
  /** The user's e-mail. */
  login: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  businessName: z.string().optional(),
  birthDay: z.string().optional(),
  /** customer; ISO 8601. */
  customerCreationDate: z.string().optional(),
  taxId: z.string().optional(),
  transactionApproveMode: z.number().int(),
  /** Any value other than 'no' means two-factor is on. */
  login2faMode: z.enum(LOGIN_2FA_MODES),
  isAdmin: z.boolean(),
  /** The user has access to more than one customer. */
  isHaveRelatedAccounts: z.boolean(),
  useOldWeb: z.boolean(),
  /** Present only when useOldWeb is true. */
  oldWebUrl: z.string().optional(),
  /** Present for non-personal customers only. */
  permissions: z.array(z.string()).optional(),
  /** Present for non-personal customers only (spec 000 §6 levels). */
  accessRights: z.number().int().optional(),
  /** customer */
  verified: z.boolean().optional(),
  /** customer */
  limited: z.boolean().optional(),
  /** customer */
  dueDiligenceLevel: z.number().int().optional(),
  /** customer */
  isNeedPersonalInfoUpdate: z.boolean().optional(),
  /** customer */
  isNeedKyc: z.boolean().optional(),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

export const termsItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  title: z.string(),
  url: z.string(),
});

export const customerInfoGet = defineMethod({
  name: 'customerInfoGet',
  summary: 'The signed-in customer (or the customer acted for) with flags that drive post-login routing.',
  access: 'customer',
  actsForCustomer: true,
  input: z.object({}),
  output: z.object({
    customer: customerInfoSchema,
    /** The account verification status (spec 000 §4); absent for an administrator acting for no one. */
    verification: verificationSummarySchema.optional(),
  }),
});

export const termsPendingList = defineMethod({
  name: 'termsPendingList',
  summary: 'Terms the signed-in user has not yet accepted in their current version.',
  access: 'customer',
  actsForCustomer: false,
  skipsTermsCheck: true,
  input: z.object({}),
  output: z.object({ terms: z.array(termsItemSchema) }),
});

export const termsAccept = defineMethod({
  name: 'termsAccept',
  summary: 'Accept the listed terms (each in its current version).',
  access: 'customer',
  actsForCustomer: false,
  skipsTermsCheck: true,
  input: z.object({ termIds: z.array(z.number().int().positive()).min(1).max(20) }),
  output: z.object({ accepted: z.array(z.number().int()) }),
});

export const customerSummarySchema = z.object({
  customerId: z.number().int(),
  customerType: z.enum(CUSTOMER_TYPES),
  displayName: z.string(),
  login: z.string().optional(),
  verified: z.boolean(),
  limited: z.boolean(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerSearch = defineMethod({
  name: 'customerSearch',
  summary: 'Admin: find customers by name, e-mail or id.',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({
    query: z.string().trim().max(100).optional(),
    pageNumber: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  }),
  output: z.object({ customers: z.array(customerSummarySchema), total: z.number().int() }),
});

/** Customer accesses one call lists at most; a user holds a handful in practice. */
export const MAX_CUSTOMER_ACCESSES = 100;

/** A customer the signed-in user may act for, with the user's own access level to it (spec 000 §6). */
export const customerAccessSchema = z.object({
  customerId: z.number().int(),
  displayName: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
  /** 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading (spec 000 §6); 0 is never listed. */
  accessRights: z.number().int(),
});
export type CustomerAccess = z.infer<typeof customerAccessSchema>;

export const customerAccessList = defineMethod({
  name: 'customerAccessList',
  summary:
    'The customers the signed-in user may act for (their own accesses, default first), to choose the one sent as fromCustomerId.',
  access: 'customer',
  actsForCustomer: false,
  input: z.object({}),
  output: z.object({ customers: z.array(customerAccessSchema).max(MAX_CUSTOMER_ACCESSES) }),
});
