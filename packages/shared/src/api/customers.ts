import { z } from 'zod';
import { defineMethod } from './method';

/** Main-API methods of the customers domain (spec 000 §3 "Customer info response"). */

export const CUSTOMER_TYPES = ['personal', 'business'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const LOGIN_2FA_MODES = ['no', 'push', 'otp', 'sms'] as const;

export const customerInfoSchema = z.object({
  userId: z.number().int(),
  customerId: z.number().int(),
  customerType: z.enum(CUSTOMER_TYPES),
  login: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  businessName: z.string().optional(),
  birthDay: z.string().optional(),
  customerCreationDate: z.string(),
  taxId: z.string().optional(),
  transactionApproveMode: z.number().int(),
  /** Any value other than 'no' means two-factor is on. */
  login2faMode: z.enum(LOGIN_2FA_MODES),
  isAdmin: z.boolean(),
  isHaveRelatedAccounts: z.boolean(),
  useOldWeb: z.boolean(),
  oldWebUrl: z.string().optional(),
  /** Present for non-personal customers only. */
  permissions: z.array(z.string()).optional(),
  accessRights: z.number().int().optional(),
  verified: z.boolean(),
  limited: z.boolean(),
  dueDiligenceLevel: z.number().int(),
  isNeedPersonalInfoUpdate: z.boolean(),
  isNeedKyc: z.boolean(),
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
  output: z.object({ customer: customerInfoSchema }),
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
