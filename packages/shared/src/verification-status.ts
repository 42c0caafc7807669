import { z } from 'zod';

/**
 * The account verification status (spec 000 §4 "Account verification status"): one pure function
 * the server answers with and the web renders from, so the two never disagree.
 */

export const VERIFICATION_STATUSES = [
  'checked',
  'limited',
  'processing',
  'duplicateDocuments',
  'someCardDocumentRequired',
  'hasRequiredActions',
  'unverified',
  'verificationProcessing',
  'finalReview',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Spec 000 §4: the statuses shown as warnings. */
export const WARNING_STATUSES: ReadonlySet<VerificationStatus> = new Set<VerificationStatus>([
  'limited',
  'duplicateDocuments',
  'unverified',
  'hasRequiredActions',
  'someCardDocumentRequired',
]);

/** 'problem': no address, or its documents were rejected, expired, mismatched or are out of date. */
export const ADDRESS_STATES = ['confirmed', 'pending', 'problem'] as const;
export type AddressState = (typeof ADDRESS_STATES)[number];

export const IDENTITY_STATES = ['missing', 'pending', 'confirmed', 'nameMismatch', 'rejected'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];

export const VIDEO_IDENTITY_STATES = ['validated', 'pending', 'none', 'notRequired', 'rejected'] as const;
export type VideoIdentityState = (typeof VIDEO_IDENTITY_STATES)[number];

export const REQUIRED_ACTIONS = ['address', 'identity', 'phone', 'videoIdentity'] as const;
export type RequiredAction = (typeof REQUIRED_ACTIONS)[number];

export const verificationInputSchema = z.object({
  /** A representative of a business acts for a company whose checks are the company's own. */
  isRepresentative: z.boolean(),
  isVerified: z.boolean(),
  isLimited: z.boolean(),
  /** One entry per document a limit reason requires: the statuses of what was uploaded for it. */
  limitRequirements: z.array(z.object({ uploadedStatusIds: z.array(z.number().int()) })),
  /** A document of this customer duplicates another customer's, whether uploaded or not. */
  hasDuplicateDocuments: z.boolean(),
  /** An address needs a document before a card can ship there (spec 001 §3 isCardDocumentRequired). */
  isCardDocumentRequired: z.boolean(),
  address: z.enum(ADDRESS_STATES),
  identity: z.enum(IDENTITY_STATES),
  hasUnconfirmedPhone: z.boolean(),
  videoIdentity: z.enum(VIDEO_IDENTITY_STATES),
  /** Any uploaded document still waits for a reviewer. */
  hasDocumentsInReview: z.boolean(),
});
export type VerificationInput = z.infer<typeof verificationInputSchema>;

export const verificationSummarySchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  isWarning: z.boolean(),
  requiredActionCount: z.number().int(),
  requiredActions: z.array(z.enum(REQUIRED_ACTIONS)),
});
export type VerificationSummary = z.infer<typeof verificationSummarySchema>;

/** Spec 000 §4: one each for an address problem, identity trouble, an unconfirmed phone, a rejected video identity. */
export function requiredActionsOf(input: VerificationInput): RequiredAction[] {
  const actions: RequiredAction[] = [];
  if (input.address === 'problem') actions.push('address');
  if (input.identity === 'missing' || input.identity === 'nameMismatch' || input.identity === 'rejected') {
    actions.push('identity');
  }
  if (input.hasUnconfirmedPhone) actions.push('phone');
  if (input.videoIdentity === 'rejected') actions.push('videoIdentity');
  return actions;
}

/** Pending (0 or 41) statuses mean the customer still owes, or a reviewer still has, the document. */
const UNSETTLED_LIMIT_STATUSES = new Set([0, 41]);
/** A rejected or expired upload does not meet the requirement; the customer must upload again. */
const FAILED_LIMIT_STATUSES = new Set([4, 38]);

/**
 * "processing if all limit documents are uploaded and not pending": every required document has an
 * upload that is neither pending nor failed. Without requirements a limit stays a limit.
 */
function areLimitDocumentsDone(requirements: VerificationInput['limitRequirements']): boolean {
  return (
    requirements.length > 0 &&
    requirements.every((requirement) =>
      requirement.uploadedStatusIds.some(
        (statusId) => !UNSETTLED_LIMIT_STATUSES.has(statusId) && !FAILED_LIMIT_STATUSES.has(statusId),
      ),
    )
  );
}

/** The nine priorities of spec 000 §4, first match wins. */
export function verificationStatusOf(input: VerificationInput): VerificationStatus {
  if (input.isRepresentative) return 'checked';
  if (input.isLimited) return areLimitDocumentsDone(input.limitRequirements) ? 'processing' : 'limited';
  if (input.hasDuplicateDocuments) return 'duplicateDocuments';
  if (input.isCardDocumentRequired) return 'someCardDocumentRequired';
  if (requiredActionsOf(input).length > 0) return 'hasRequiredActions';
  if (input.videoIdentity === 'none') return 'unverified';
  if (input.videoIdentity === 'pending') return 'processing';
  if (input.hasDocumentsInReview || input.identity === 'pending' || input.address === 'pending') {
    return 'verificationProcessing';
  }
  if (!input.isVerified) return 'finalReview';
  return 'checked';
}

export function verificationSummaryOf(input: VerificationInput): VerificationSummary {
  const status = verificationStatusOf(input);
  // A representative is always checked, so nothing is asked of them either.
  const requiredActions = input.isRepresentative ? [] : requiredActionsOf(input);
  return {
    status,
    isWarning: WARNING_STATUSES.has(status),
    requiredActionCount: requiredActions.length,
    requiredActions,
  };
}

export type BannerPage = 'auth' | 'scpEnable' | 'other';

/**
 * Spec 000 §2: the banner is hidden on auth pages and SCP-enable pages, and while documents have
 * not loaded. It is also hidden when there is nothing to say: no customer (an administrator
 * browsing alone) or a checked account.
 */
export function isVerificationBannerHidden(params: {
  page: BannerPage;
  isDocumentsLoaded: boolean;
  summary: VerificationSummary | undefined;
}): boolean {
  if (params.page === 'auth' || params.page === 'scpEnable') return true;
  if (!params.isDocumentsLoaded || params.summary === undefined) return true;
  return params.summary.status === 'checked';
}

/** The profile menu entry is highlighted while required actions remain (spec 000 §2). */
export function isProfileMenuHighlighted(summary: VerificationSummary | undefined): boolean {
  return summary !== undefined && summary.requiredActionCount > 0;
}
