import {
  adminCustomerLimit,
  adminCustomerUnlimit,
  adminCustomerVerificationGet,
  adminCustomerVerify,
  adminDocumentReview,
  adminDocumentReviewList,
  dueDiligenceInfoGet,
  kycPersonalInfoUpdate,
  kycRequest,
  verificationSummaryGet,
} from '@app/shared/api/verification';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import { customerSummariesOf, updatePersonalInfo, verificationFlagsOf } from '../customers/customers.service';
import { documentsOf } from '../documents/documents.service';
import * as adminReview from '../documents/document-review.service';
import { dueDiligenceInfoOf } from './due-diligence';
import { submitKycRequest, verificationSummaryFor } from './verification.service';

function sessionOf(context: MethodContext): Session {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  return context.session;
}

function customerOf(context: MethodContext): number {
  if (context.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  return context.customerId;
}

function adminOf(context: MethodContext): adminReview.AdminActor {
  const session = sessionOf(context);
  // The dispatcher already refused non-administrators; this keeps a mislabelled definition safe.
  if (!session.isAdmin) throw errors.noAccess();
  return { adminUserId: session.userId, ip: context.request.ip };
}

export function verificationMethods(): RegisteredMethod[] {
  return [
    handleMethod(verificationSummaryGet, async (_input, context) => ({
      verification: await verificationSummaryFor(context.db, { customerId: customerOf(context) }),
    })),

    handleMethod(kycRequest, async (_input, context) => ({
      verification: await submitKycRequest(context.db, {
        customerId: customerOf(context),
        userId: sessionOf(context).userId,
        ip: context.request.ip,
      }),
    })),

    handleMethod(kycPersonalInfoUpdate, async (input, context) => {
      const customerId = customerOf(context);
      const flags = await verificationFlagsOf(context.db, { customerId });
      if (flags.customerType !== 'personal') throw errors.noAccess('Only a personal customer updates personal info.');
      await updatePersonalInfo(context.db, {
        customerId,
        firstName: input.firstName,
        lastName: input.lastName,
        birthDay: input.birthDay,
        taxId: input.taxId === undefined || input.taxId === '' ? null : input.taxId,
      });
      return { updated: true as const };
    }),

    handleMethod(dueDiligenceInfoGet, async (_input, context) =>
      dueDiligenceInfoOf(context.db, { customerId: customerOf(context) }),
    ),

    handleMethod(adminDocumentReviewList, async (_input, context) => {
      adminOf(context);
      return { documents: await adminReview.reviewQueue(context.db) };
    }),

    handleMethod(adminDocumentReview, async (input, context) => ({
      document: await adminReview.reviewDocument(context.db, {
        ...adminOf(context),
        documentId: input.documentId,
        decision: input.decision,
        rejectReason: input.rejectReason,
      }),
    })),

    handleMethod(adminCustomerVerificationGet, async (input, context) => {
      adminOf(context);
      const [summary] = await customerSummariesOf(context.db, { customerIds: [input.customerId] });
      if (summary === undefined) throw errors.invalidParams('This customer does not exist.');
      const [verification, documents] = await Promise.all([
        verificationSummaryFor(context.db, { customerId: input.customerId }),
        documentsOf(context.db, { customerId: input.customerId }),
      ]);
      return {
        customerId: summary.id,
        customerName: summary.name,
        verified: summary.verified,
        limited: summary.limited,
        verification,
        documents,
      };
    }),

    handleMethod(adminCustomerVerify, async (input, context) => {
      await adminReview.verifyCustomer(context.db, { ...adminOf(context), customerId: input.customerId });
      return { verified: true as const };
    }),

    handleMethod(adminCustomerLimit, async (input, context) => {
      await adminReview.limitCustomer(context.db, {
        ...adminOf(context),
        customerId: input.customerId,
        reasons: input.reasons,
      });
      return { limited: true as const };
    }),

    handleMethod(adminCustomerUnlimit, async (input, context) => {
      await adminReview.unlimitCustomer(context.db, { ...adminOf(context), customerId: input.customerId });
      return { limited: false as const };
    }),
  ];
}
