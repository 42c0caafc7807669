import type { UploadedDocument } from '@app/shared/api/documents';
import { describe, expect, it } from 'vitest';
import { addressStatusOf } from './profile.service';

/** Where the proof of an address stands (spec 001 §4), as the verification status reads it (000 §4). */

let nextId = 1;
function document(
  role: UploadedDocument['role'],
  statusId: number,
  extra: Partial<UploadedDocument> = {},
): UploadedDocument {
  nextId += 1;
  return {
    id: nextId,
    kind: 'address',
    documentTypeId: 20,
    statusId,
    confirmation: 0,
    isSubDocument: role !== 'main',
    role,
    uploaded: '2026-01-01T00:00:00.000Z',
    files: [],
    ...extra,
  };
}

const NOW = new Date('2026-06-01T00:00:00.000Z');

describe('addressStatusOf', () => {
  it.each([
    ['no proof at all is a problem', [], 'problem'],
    ['only a supporting page is a problem', [document('additional', 41)], 'problem'],
    ['waiting for review', [document('main', 41)], 'pending'],
    ['uploaded, not yet sent', [document('main', 0)], 'pending'],
    ['every document confirmed', [document('main', 2), document('additional', 2)], 'confirmed'],
    ['one confirmed, one waiting', [document('main', 2), document('additional', 41)], 'pending'],
    ['rejected', [document('main', 4)], 'rejected'],
    ['name mismatch', [document('main', 64)], 'problem'],
    ['expired status', [document('main', 38)], 'problem'],
    ['past its expiry date', [document('main', 2, { expiresDate: '2026-05-31' })], 'problem'],
  ] as const)('%s', (_name, documents, expected) => {
    expect(addressStatusOf(documents, NOW)).toBe(expected);
  });

  it('reads the newest document of each role: a re-submission supersedes the rejected one', () => {
    const rejected = document('main', 4);
    const resubmitted = document('main', 41);
    expect(addressStatusOf([rejected, resubmitted], NOW)).toBe('pending');
    expect(addressStatusOf([resubmitted, rejected].reverse(), NOW)).toBe('pending');
  });
});
