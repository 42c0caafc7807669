import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { listOutboundMessages } from '../../platform/messaging/outbound-messages.repository';

/** Helpers of the profile tests: multipart bodies, codes from the sandbox outbox, typed answers. */

/** A 1×1 PNG: the smallest file the upload's content check accepts. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface MultipartFilePart {
  field: string;
  filename: string;
  content: Buffer;
  contentType: string;
}

export function multipartBody(
  fields: Record<string, string>,
  files: MultipartFilePart[],
): { payload: Buffer; contentType: string } {
  const boundary = `----profile-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadAddressDocuments(
  app: FastifyInstance,
  params: { token: string; data: Record<string, unknown>; files: MultipartFilePart[] },
): Promise<LightMyRequestResponse> {
  const body = multipartBody({ data: JSON.stringify(params.data) }, params.files);
  return app.inject({
    method: 'POST',
    url: '/customer/address/documents',
    headers: { authorization: `Bearer ${params.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

export function mainPng(field = 'main'): MultipartFilePart {
  return { field, filename: 'bill.png', content: PNG_BYTES, contentType: 'image/png' };
}

/** The six-digit code of the newest message to the recipient (the sandbox outbox keeps bodies). */
export async function lastCodeSentTo(db: Database, recipient: string): Promise<string> {
  const [message] = await listOutboundMessages(db, { recipient, limit: 1 });
  const code = message?.body?.match(/\b(\d{6})\b/)?.[1];
  expect(code, `no code was sent to ${recipient}`).toBeDefined();
  return code ?? '';
}

export function expectRefused(response: LightMyRequestResponse, code: string): void {
  expect(response.json<{ responseCode: string }>().responseCode, response.body).toBe(code);
}
