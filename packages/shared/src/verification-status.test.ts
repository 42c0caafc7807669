import { describe, expect, it } from 'vitest';
import {
  isProfileMenuHighlighted,
  isVerificationBannerHidden,
  requiredActionsOf,
  verificationSummaryOf,
  verificationStatusOf,
  type VerificationInput,
  type VerificationStatus,
  type VerificationSummary,
} from './verification-status';

/** A verified customer with everything confirmed: each case changes only what its rule is about. */
const CLEAN: VerificationInput = {
  isRepresentative: false,
  isVerified: true,
  isLimited: false,
  limitRequirements: [],
  hasDuplicateDocuments: false,
  isCardDocumentRequired: false,
  address: 'confirmed',
  identity: 'confirmed',
  hasUnconfirmedPhone: false,
  videoIdentity: 'notRequired',
  hasDocumentsInReview: false,
};

const statusCases: [string, Partial<VerificationInput>, VerificationStatus][] = [
  // 1. representatives are always checked, whatever else holds
  ['representative', { isRepresentative: true }, 'checked'],
  [
    'representative who is limited with missing documents',
    { isRepresentative: true, isLimited: true, identity: 'missing', hasDuplicateDocuments: true, isVerified: false },
    'checked',
  ],
  // 2. limited, or processing when every limit document is uploaded and not pending
  ['limited without requirements', { isLimited: true }, 'limited'],
  [
    'limited with a document not uploaded',
    { isLimited: true, limitRequirements: [{ uploadedStatusIds: [] }] },
    'limited',
  ],
  ['limited with an upload pending', { isLimited: true, limitRequirements: [{ uploadedStatusIds: [41] }] }, 'limited'],
  [
    'limited with an upload awaited (0)',
    { isLimited: true, limitRequirements: [{ uploadedStatusIds: [0] }] },
    'limited',
  ],
  ['limited with an upload rejected', { isLimited: true, limitRequirements: [{ uploadedStatusIds: [4] }] }, 'limited'],
  [
    'limited with one of two requirements met',
    { isLimited: true, limitRequirements: [{ uploadedStatusIds: [2] }, { uploadedStatusIds: [] }] },
    'limited',
  ],
  [
    'limited with every document uploaded and reviewed',
    { isLimited: true, limitRequirements: [{ uploadedStatusIds: [4, 2] }, { uploadedStatusIds: [64] }] },
    'processing',
  ],
  ['limited outranks duplicates', { isLimited: true, hasDuplicateDocuments: true }, 'limited'],
  // 3. duplicate documents
  ['duplicate documents', { hasDuplicateDocuments: true }, 'duplicateDocuments'],
  [
    'duplicates outrank a card document',
    { hasDuplicateDocuments: true, isCardDocumentRequired: true },
    'duplicateDocuments',
  ],
  // 4. a card document is required
  ['card document required', { isCardDocumentRequired: true }, 'someCardDocumentRequired'],
  [
    'card document outranks required actions',
    { isCardDocumentRequired: true, identity: 'missing' },
    'someCardDocumentRequired',
  ],
  // 5. required actions
  ['identity missing', { identity: 'missing' }, 'hasRequiredActions'],
  ['unconfirmed phone', { hasUnconfirmedPhone: true }, 'hasRequiredActions'],
  ['required actions outrank video identity', { address: 'problem', videoIdentity: 'none' }, 'hasRequiredActions'],
  // 6. unverified or processing (the video identity the customer owes)
  ['video identity not done', { videoIdentity: 'none', isVerified: false }, 'unverified'],
  ['video identity in progress', { videoIdentity: 'pending', isVerified: false }, 'processing'],
  ['video identity outranks documents in review', { videoIdentity: 'none', hasDocumentsInReview: true }, 'unverified'],
  // 7. documents being reviewed
  ['documents in review', { hasDocumentsInReview: true, isVerified: false }, 'verificationProcessing'],
  ['identity pending', { identity: 'pending', isVerified: false }, 'verificationProcessing'],
  ['address pending', { address: 'pending' }, 'verificationProcessing'],
  // 8. everything confirmed, the customer not yet verified
  ['awaiting the final decision', { isVerified: false }, 'finalReview'],
  ['validated video identity, not verified', { isVerified: false, videoIdentity: 'validated' }, 'finalReview'],
  // 9. checked
  ['verified and clean', {}, 'checked'],
  ['verified with a validated video identity', { videoIdentity: 'validated' }, 'checked'],
];

describe('verificationStatusOf: the nine priorities', () => {
  it.each(statusCases)('%s', (_name, change, expected) => {
    expect(verificationStatusOf({ ...CLEAN, ...change })).toBe(expected);
  });
});

describe('requiredActionsOf: one per rule', () => {
  it.each<[string, Partial<VerificationInput>, string[]]>([
    ['nothing to do', {}, []],
    ['address problem', { address: 'problem' }, ['address']],
    ['address pending is no action', { address: 'pending' }, []],
    ['identity missing', { identity: 'missing' }, ['identity']],
    ['identity name mismatch', { identity: 'nameMismatch' }, ['identity']],
    ['identity rejected', { identity: 'rejected' }, ['identity']],
    ['identity pending is no action', { identity: 'pending' }, []],
    ['unconfirmed phone', { hasUnconfirmedPhone: true }, ['phone']],
    ['video identity rejected', { videoIdentity: 'rejected' }, ['videoIdentity']],
    ['video identity not done is no action', { videoIdentity: 'none' }, []],
    [
      'all four at once',
      { address: 'problem', identity: 'rejected', hasUnconfirmedPhone: true, videoIdentity: 'rejected' },
      ['address', 'identity', 'phone', 'videoIdentity'],
    ],
  ])('%s', (_name, change, expected) => {
    const input = { ...CLEAN, ...change };
    expect(requiredActionsOf(input)).toEqual(expected);
    expect(verificationSummaryOf(input).requiredActionCount).toBe(expected.length);
  });

  it('asks nothing of a representative', () => {
    expect(verificationSummaryOf({ ...CLEAN, isRepresentative: true, identity: 'missing' })).toEqual({
      status: 'checked',
      isWarning: false,
      requiredActionCount: 0,
      requiredActions: [],
    });
  });
});

describe('warning statuses', () => {
  it.each<[Partial<VerificationInput>, boolean]>([
    [{ isLimited: true }, true],
    [{ hasDuplicateDocuments: true }, true],
    [{ videoIdentity: 'none' }, true],
    [{ identity: 'missing' }, true],
    [{ isCardDocumentRequired: true }, true],
    [{ isLimited: true, limitRequirements: [{ uploadedStatusIds: [2] }] }, false],
    [{ hasDocumentsInReview: true }, false],
    [{ isVerified: false }, false],
    [{}, false],
  ])('%o → warning %s', (change, isWarning) => {
    expect(verificationSummaryOf({ ...CLEAN, ...change }).isWarning).toBe(isWarning);
  });
});

describe('banner and menu', () => {
  const warning: VerificationSummary = verificationSummaryOf({ ...CLEAN, identity: 'missing' });
  const checked: VerificationSummary = verificationSummaryOf(CLEAN);

  it.each<[string, Parameters<typeof isVerificationBannerHidden>[0], boolean]>([
    ['shown on a main page with a warning', { page: 'other', isDocumentsLoaded: true, summary: warning }, false],
    ['hidden on auth pages', { page: 'auth', isDocumentsLoaded: true, summary: warning }, true],
    ['hidden on SCP-enable pages', { page: 'scpEnable', isDocumentsLoaded: true, summary: warning }, true],
    ['hidden while documents load', { page: 'other', isDocumentsLoaded: false, summary: warning }, true],
    ['hidden without a customer', { page: 'other', isDocumentsLoaded: true, summary: undefined }, true],
    ['hidden once checked', { page: 'other', isDocumentsLoaded: true, summary: checked }, true],
  ])('%s', (_name, params, hidden) => {
    expect(isVerificationBannerHidden(params)).toBe(hidden);
  });

  it('highlights the profile entry while actions remain', () => {
    expect(isProfileMenuHighlighted(warning)).toBe(true);
    expect(isProfileMenuHighlighted(checked)).toBe(false);
    expect(isProfileMenuHighlighted(undefined)).toBe(false);
  });
});
