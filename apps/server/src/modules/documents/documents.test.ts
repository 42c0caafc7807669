import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { customerDocuments } from '../../db/schema/documents';
import { auditLog } from '../../db/schema/platform';
import { DEMO_USERS } from '../../db/seed';
import { multipartBody, SAMPLE_FILES } from '../../platform/uploads.test-support';
import { SANDBOX_VIDEO_IDENTITY_DELAY_MS } from './video-identity';

/**
 * Documents end to end over HTTP: uploads (what is refused leaves nothing behind), who may read a
 * file, the administrators' review and what it does to the customer's verification status.
 */

let testApp: TestApp;
let kycToken: string;
let personalToken: string;
let adminToken: string;
let uploadsDir: string;

type Part = Parameters<typeof multipartBody>[0][number];

function upload(url: string, token: string | undefined, parts: Part[]) {
  const body = multipartBody(parts);
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    payload: body.payload,
  });
}

const passportData = {
  name: 'data',
  value: JSON.stringify({ documentTypeId: 4, issuingCountryCode: 'GB', expiresDate: '2031-05-01' }),
};

async function storedFileCount(): Promise<number> {
  try {
    const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

async function documentRowCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ rows: count() }).from(customerDocuments);
  return row?.rows ?? 0;
}

async function customerInfo(token: string) {
  const response = await callMethod(testApp.app, 'customerInfoGet', { token });
  expect(response.statusCode).toBe(200);
  return response.json<{
    customer: { customerId: number; isNeedKyc?: boolean; verified?: boolean };
    verification?: { status: string; requiredActionCount: number; requiredActions: string[] };
  }>();
}

async function documents(token: string) {
  const response = await callMethod(testApp.app, 'customerDocumentsGet', { token });
  expect(response.statusCode).toBe(200);
  return response.json<{
    documents: {
      id: number;
      kind: string;
      statusId: number;
      confirmation: number;
      files: { id: number; side: string }[];
    }[];
  }>().documents;
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  uploadsDir = path.join(testApp.config.dataDir, 'uploads');
  kycToken = (await signIn(testApp.app, DEMO_USERS.kyc)).accessToken;
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  adminToken = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

describe('uploads that are refused leave nothing behind', () => {
  it('refuses a file over the size limit', async () => {
    const [files, rows] = [await storedFileCount(), await documentRowCount()];
    const oversize = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(testApp.app.uploads.maxBytes)]);
    const response = await upload('/documents/identity', kycToken, [
      passportData,
      { name: 'front', filename: 'front.pdf', content: oversize, type: 'application/pdf' },
      { name: 'back', filename: 'back.pdf', content: SAMPLE_FILES.pdf, type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ responseDescription: string }>().responseDescription).toMatch(/larger than/);
    expect(await storedFileCount()).toBe(files);
    expect(await documentRowCount()).toBe(rows);
  });

  it('refuses a web page named and typed as a PDF, even after an accepted side', async () => {
    const [files, rows] = [await storedFileCount(), await documentRowCount()];
    const response = await upload('/documents/identity', kycToken, [
      passportData,
      { name: 'front', filename: 'front.png', content: SAMPLE_FILES.png, type: 'image/png' },
      { name: 'back', filename: 'back.pdf', content: SAMPLE_FILES.html, type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ responseDescription: string }>().responseDescription).toMatch(/PDF, JPEG, PNG or HEIC/);
    expect(await storedFileCount()).toBe(files);
    expect(await documentRowCount()).toBe(rows);
  });

  it('refuses a passport without its back (spec 001 §5), and removes the stored front', async () => {
    const [files, rows] = [await storedFileCount(), await documentRowCount()];
    const response = await upload('/documents/identity', kycToken, [
      passportData,
      { name: 'front', filename: 'front.png', content: SAMPLE_FILES.png },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ responseCode: string; validationErrors: { field: string }[] }>()).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ field: 'back' }],
    });
    expect(await storedFileCount()).toBe(files);
    expect(await documentRowCount()).toBe(rows);
  });

  it('refuses bad data, unexpected fields, JSON bodies and callers without a session', async () => {
    const [files, rows] = [await storedFileCount(), await documentRowCount()];
    const front = { name: 'front', filename: 'f.png', content: SAMPLE_FILES.png };
    const back = { name: 'back', filename: 'b.png', content: SAMPLE_FILES.png };
    const badData = { name: 'data', value: JSON.stringify({ documentTypeId: 999, issuingCountryCode: 'GB' }) };
    expect((await upload('/documents/identity', kycToken, [badData, front, back])).statusCode).toBe(400);
    expect(
      (await upload('/documents/identity', kycToken, [{ name: 'data', value: '{' }, front, back])).statusCode,
    ).toBe(400);
    expect((await upload('/documents/identity', kycToken, [front, back])).statusCode).toBe(400);
    expect(
      (
        await upload('/documents/identity', kycToken, [
          passportData,
          front,
          back,
          { name: 'extra', filename: 'x.png', content: SAMPLE_FILES.png },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await upload('/documents/identity', undefined, [passportData, front, back])).statusCode).toBe(401);
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/documents/identity',
      headers: { authorization: `Bearer ${kycToken}` },
      payload: { documentTypeId: 4 },
    });
    expect(json.statusCode).toBe(400);
    expect(await storedFileCount()).toBe(files);
    expect(await documentRowCount()).toBe(rows);
  });
});

describe('the KYC journey and the review', () => {
  let identityId: number;
  let addressId: number;
  let frontFileId: number;

  it('asks nothing of an account verified without documents on file', async () => {
    expect((await customerInfo(personalToken)).verification).toMatchObject({
      status: 'checked',
      requiredActionCount: 0,
    });
  });

  it('starts with the identity and address missing', async () => {
    const info = await customerInfo(kycToken);
    expect(info.customer.isNeedKyc).toBe(true);
    expect(info.verification).toMatchObject({ status: 'hasRequiredActions', requiredActions: ['address', 'identity'] });
    const early = await callMethod(testApp.app, 'kycRequest', { token: kycToken });
    expect(early.statusCode).toBe(400);
    expect(early.json<{ responseCode: string }>().responseCode).toBe('VF');
  });

  it('uploads both sides of a passport and a proof of address', async () => {
    const identity = await upload('/documents/identity', kycToken, [
      passportData,
      { name: 'front', filename: 'front.jpg', content: SAMPLE_FILES.jpeg, type: 'image/jpeg' },
      { name: 'back', filename: 'back.heic', content: SAMPLE_FILES.heic, type: 'image/heic' },
    ]);
    expect(identity.statusCode, identity.body).toBe(200);
    identityId = identity.json<{ documentId: number }>().documentId;
    const address = await upload('/documents/address-proof', kycToken, [
      { name: 'data', value: JSON.stringify({ documentTypeId: 20 }) },
      { name: 'main', filename: 'bill.pdf', content: SAMPLE_FILES.pdf, type: 'application/pdf' },
    ]);
    expect(address.statusCode, address.body).toBe(200);
    addressId = address.json<{ documentId: number }>().documentId;

    const listed = await documents(kycToken);
    const passport = listed.find((document) => document.id === identityId);
    expect(passport).toMatchObject({ kind: 'identity', statusId: 41, confirmation: 2 });
    expect(passport?.files.map((file) => file.side)).toEqual(['front', 'back']);
    frontFileId = passport?.files[0]?.id ?? 0;

    const submitted = await callMethod(testApp.app, 'kycRequest', { token: kycToken });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const info = await customerInfo(kycToken);
    expect(info.customer.isNeedKyc).toBe(false);
    expect(info.verification).toMatchObject({ status: 'verificationProcessing', requiredActionCount: 0 });
  });

  it('serves a file to its owner and to an administrator, and to nobody else', async () => {
    const own = await testApp.app.inject({
      method: 'GET',
      url: `/files/documents/${frontFileId}`,
      headers: { authorization: `Bearer ${kycToken}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.equals(SAMPLE_FILES.jpeg)).toBe(true);

    const admin = await testApp.app.inject({
      method: 'GET',
      url: `/files/documents/${frontFileId}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(admin.statusCode).toBe(200);

    const other = await testApp.app.inject({
      method: 'GET',
      url: `/files/documents/${frontFileId}`,
      headers: { authorization: `Bearer ${personalToken}` },
    });
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/files/documents/999999',
      headers: { authorization: `Bearer ${personalToken}` },
    });
    // Another customer's file and a missing one answer alike: the id reveals nothing.
    expect(other.statusCode).toBe(403);
    expect(other.body).toBe(missing.body);
    expect(other.body).not.toContain('front.jpg');
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/files/documents/${frontFileId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets only administrators see the queue and decide', async () => {
    expect((await callMethod(testApp.app, 'adminDocumentReviewList', { token: kycToken })).statusCode).toBe(403);
    const decide = await callMethod(testApp.app, 'adminDocumentReview', {
      token: personalToken,
      params: { documentId: identityId, decision: 'confirm' },
    });
    expect(decide.statusCode).toBe(403);
    const queue = await callMethod(testApp.app, 'adminDocumentReviewList', { token: adminToken });
    expect(queue.statusCode).toBe(200);
    const ids = queue.json<{ documents: { id: number; customerName: string }[] }>().documents.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([identityId, addressId]));
  });

  it('needs a reason to reject, and decides a document once', async () => {
    const noReason = await callMethod(testApp.app, 'adminDocumentReview', {
      token: adminToken,
      params: { documentId: addressId, decision: 'reject' },
    });
    expect(noReason.statusCode).toBe(400);

    const rejected = await callMethod(testApp.app, 'adminDocumentReview', {
      token: adminToken,
      params: { documentId: addressId, decision: 'reject', rejectReason: 'The bill is older than three months.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ document: { statusId: number; rejectReason: string } }>().document).toMatchObject({
      statusId: 4,
      rejectReason: 'The bill is older than three months.',
    });
    const again = await callMethod(testApp.app, 'adminDocumentReview', {
      token: adminToken,
      params: { documentId: addressId, decision: 'confirm' },
    });
    expect(again.statusCode).toBe(400);
    expect((await customerInfo(kycToken)).verification).toMatchObject({
      status: 'hasRequiredActions',
      requiredActions: ['address'],
    });
  });

  it('moves to final review once everything is confirmed, and to checked once verified', async () => {
    const address = await upload('/documents/address-proof', kycToken, [
      { name: 'data', value: JSON.stringify({ documentTypeId: 21 }) },
      { name: 'main', filename: 'statement.png', content: SAMPLE_FILES.png },
    ]);
    expect(address.statusCode).toBe(200);
    for (const documentId of [identityId, address.json<{ documentId: number }>().documentId]) {
      const confirmed = await callMethod(testApp.app, 'adminDocumentReview', {
        token: adminToken,
        params: { documentId, decision: 'confirm' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    expect((await customerInfo(kycToken)).verification?.status).toBe('finalReview');
    const { customerId } = (await customerInfo(kycToken)).customer;
    expect(
      (await callMethod(testApp.app, 'adminCustomerVerify', { token: kycToken, params: { customerId } })).statusCode,
    ).toBe(403);
    const verified = await callMethod(testApp.app, 'adminCustomerVerify', {
      token: adminToken,
      params: { customerId },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const info = await customerInfo(kycToken);
    expect(info.customer.verified).toBe(true);
    expect(info.verification).toMatchObject({ status: 'checked', isWarning: false, requiredActionCount: 0 });

    const audit = await testApp.database.db
      .select({ action: auditLog.action, actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.customerId, customerId), like(auditLog.action, 'verification.%')))
      .orderBy(asc(auditLog.id));
    const adminInfo = await callMethod(testApp.app, 'customerInfoGet', { token: adminToken });
    const adminUserId = adminInfo.json<{ customer: { userId: number } }>().customer.userId;
    // Every decision names the administrator who took it.
    expect(audit.filter((row) => row.action !== 'verification.kycRequested').map((row) => row.actorUserId)).toEqual([
      adminUserId,
      adminUserId,
      adminUserId,
      adminUserId,
    ]);
    expect(audit.map((row) => row.action)).toEqual([
      'verification.kycRequested',
      'verification.documentReviewed',
      'verification.documentReviewed',
      'verification.documentReviewed',
      'verification.customerVerified',
    ]);
  });

  it('limits with required documents, takes the upload, and unlimits', async () => {
    const { customerId } = (await customerInfo(kycToken)).customer;
    const limited = await callMethod(testApp.app, 'adminCustomerLimit', {
      token: adminToken,
      params: {
        customerId,
        reasons: [{ actionTypeId: 1, reason: 'Proof of source of funds', requiredDocumentTypeIds: [50] }],
      },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    expect((await customerInfo(kycToken)).verification?.status).toBe('limited');
    const reasons = await callMethod(testApp.app, 'customerLimitReasonGet', { token: kycToken });
    const [reason] = reasons.json<{ reasons: { id: number; requirementDocuments: { documentTypeId: number }[] }[] }>()
      .reasons;
    expect(reason?.requirementDocuments).toEqual([{ documentTypeId: 50, uploadedDocuments: [] }]);

    // Another customer cannot upload against this reason; a type it does not ask for is refused.
    const foreign = await upload('/documents/limit-reason', personalToken, [
      { name: 'data', value: JSON.stringify({ limitReasonId: reason?.id, documentTypeId: 50 }) },
      { name: 'single', filename: 'x.pdf', content: SAMPLE_FILES.pdf },
    ]);
    expect(foreign.statusCode).toBe(403);
    const wrongType = await upload('/documents/limit-reason', kycToken, [
      { name: 'data', value: JSON.stringify({ limitReasonId: reason?.id, documentTypeId: 51 }) },
      { name: 'single', filename: 'x.pdf', content: SAMPLE_FILES.pdf },
    ]);
    expect(wrongType.statusCode).toBe(400);

    const uploaded = await upload('/documents/limit-reason', kycToken, [
      { name: 'data', value: JSON.stringify({ limitReasonId: reason?.id, documentTypeId: 50 }) },
      { name: 'single', filename: 'funds.pdf', content: SAMPLE_FILES.pdf },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await customerInfo(kycToken)).verification?.status).toBe('limited');
    await callMethod(testApp.app, 'adminDocumentReview', {
      token: adminToken,
      params: { documentId: uploaded.json<{ documentId: number }>().documentId, decision: 'confirm' },
    });
    expect((await customerInfo(kycToken)).verification?.status).toBe('processing');

    const unlimited = await callMethod(testApp.app, 'adminCustomerUnlimit', {
      token: adminToken,
      params: { customerId },
    });
    expect(unlimited.statusCode).toBe(200);
    expect((await customerInfo(kycToken)).verification?.status).toBe('checked');
    expect((await callMethod(testApp.app, 'customerLimitReasonGet', { token: kycToken })).json()).toMatchObject({
      reasons: [],
    });
  });

  it('flags the same file uploaded by two customers as duplicate documents', async () => {
    const sameScan = Buffer.concat([SAMPLE_FILES.pdf, Buffer.from('% identity of Jamie Rivera\n')]);
    const first = await upload('/documents/identity', kycToken, [
      { name: 'data', value: JSON.stringify({ documentTypeId: 6, issuingCountryCode: 'GB' }) },
      { name: 'single', filename: 'licence.pdf', content: sameScan },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload('/documents/identity', personalToken, [
      { name: 'data', value: JSON.stringify({ documentTypeId: 6, issuingCountryCode: 'GB' }) },
      { name: 'single', filename: 'licence.pdf', content: sameScan },
    ]);
    expect(second.statusCode).toBe(200);
    expect((await customerInfo(personalToken)).verification?.status).toBe('duplicateDocuments');
  });
});

describe('video identity against the sandbox provider', () => {
  it('completes asynchronously through the job, and is visible only to its customer', async () => {
    const created = await callMethod(testApp.app, 'videoIdentityJobCreate', { token: kycToken });
    expect(created.statusCode, created.body).toBe(200);
    const { job } = created.json<{ job: { id: string; status: string; isSandbox: boolean } }>();
    expect(job).toMatchObject({ status: 'pending', isSandbox: true });
    expect((await callMethod(testApp.app, 'videoIdentityJobCreate', { token: kycToken })).statusCode).toBe(400);
    expect((await customerInfo(kycToken)).verification?.status).not.toBe('checked');

    const other = await callMethod(testApp.app, 'videoIdentityJobGet', {
      token: personalToken,
      params: { id: job.id },
    });
    expect(other.statusCode).toBe(403);

    await testApp.app.jobs.runDue(new Date(Date.now() + SANDBOX_VIDEO_IDENTITY_DELAY_MS + 1_000));
    const done = await callMethod(testApp.app, 'videoIdentityJobGet', { token: kycToken, params: { id: job.id } });
    expect(done.json<{ job: { status: string } }>().job.status).toBe('validated');
    const listed = await callMethod(testApp.app, 'customerDocumentsGet', { token: kycToken });
    expect(listed.json<{ videoIdentityStatus: string }>().videoIdentityStatus).toBe('validated');
  });
});
