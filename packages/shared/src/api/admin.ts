import { z } from 'zod';
import { accountSchema } from './accounts';
import { CUSTOMER_TYPES } from './customers';
import { defineMethod } from './method';

/**
 * The admin console (spec 000 §6 "An admin can act for a customer using fromCustomerId", spec 001
 * §6): a customer's detail, the start and end of acting for a customer, and the audit log.
 */

export const AUDIT_LOG_PAGE_SIZE = 20;
export const AUDIT_ACTION_FILTER_MAX_LENGTH = 100;

const idSchema = z.number().int().positive().max(2_147_483_647);
/** yyyy-mm-dd, a calendar day in UTC. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the yyyy-mm-dd format');

export const adminCustomerUserSchema = z.object({
  userId: z.number().int(),
  login: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  /** 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading (spec 000 §6). */
  accessRights: z.number().int(),
  isDefault: z.boolean(),
  status: z.enum(['active', 'pending', 'blocked']),
});

export const adminCustomerDetailSchema = z.object({
  customerId: z.number().int(),
  customerType: z.enum(CUSTOMER_TYPES),
  displayName: z.string(),
  brand: z.string(),
  verified: z.boolean(),
  limited: z.boolean(),
  dueDiligenceLevel: z.number().int(),
  isNeedKyc: z.boolean(),
  isNeedPersonalInfoUpdate: z.boolean(),
  createdAt: z.string(),
  users: z.array(adminCustomerUserSchema),
  accounts: z.array(accountSchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const adminCustomerGet = defineMethod({
  name: 'adminCustomerGet',
  summary: "Admin: one customer's details, users and accounts.",
  access: 'admin',
  actsForCustomer: false,
  input: z.object({ customerId: idSchema }),
  output: z.object({ customer: adminCustomerDetailSchema }),
});

export const adminActingStart = defineMethod({
  name: 'adminActingStart',
  summary: 'Admin: records that the administrator starts acting for the customer (fromCustomerId from now on).',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({ customerId: idSchema }),
  output: z.object({ customerId: z.number().int(), displayName: z.string() }),
});

export const adminActingStop = defineMethod({
  name: 'adminActingStop',
  summary: 'Admin: records that the administrator stopped acting for the customer.',
  access: 'admin',
  actsForCustomer: false,
  input: z.object({ customerId: idSchema }),
  output: z.object({}),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorUserId: z.number().int().optional(),
  actorLogin: z.string().optional(),
  customerId: z.number().int().optional(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  ip: z.string().optional(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const adminAuditLogInputSchema = z
  .object({
    customerId: idSchema.optional(),
    /** A dotted action or its start ('admin.' lists every admin action). */
    action: z
      .string()
      .trim()
      .max(AUDIT_ACTION_FILTER_MAX_LENGTH)
      .regex(/^[a-zA-Z0-9.]*$/, 'Letters, digits and dots only')
      .optional(),
    fromDate: daySchema.optional(),
    toDate: daySchema.optional(),
    pageNumber: z.number().int().min(1).max(10_000).default(1),
  })
  .refine((input) => input.fromDate === undefined || input.toDate === undefined || input.fromDate <= input.toDate, {
    message: 'The start date must not be after the end date',
    path: ['toDate'],
  });

export const adminAuditLog = defineMethod({
  name: 'adminAuditLog',
  summary: 'Admin: the audit log, newest first, 20 a page, filtered by customer, action and dates.',
  access: 'admin',
  actsForCustomer: false,
  input: adminAuditLogInputSchema,
  output: z.object({ entries: z.array(auditEntrySchema).max(AUDIT_LOG_PAGE_SIZE), total: z.number().int() }),
});
