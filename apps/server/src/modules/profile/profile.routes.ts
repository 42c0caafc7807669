import {
  ADDRESS_DOCUMENT_PARTS,
  ADDRESS_DOCUMENTS_PATH,
  addressDocumentsDataSchema,
  addressDocumentsResponseSchema,
  EMAIL_CONFIRMATION_PATH,
  EMAIL_CONFIRMATION_QUERY,
  phoneVerifyRequestSchema,
  phoneVerifyResponseSchema,
  type AddressDocumentPart,
} from '@app/shared/api/profile';
import type { Language } from '@app/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, validationErrorsOf } from '../../platform/errors';
import { languageOf, parsedIn } from '../../platform/request-language';
import { discardUploads, readUploadForm, type UploadForm } from '../../platform/uploads';
import { fileCallerOf, type FileAccessOptions } from '../accounts/file-access.service';
import * as phones from './phones.service';
import * as profile from './profile.service';
import { confirmEmailByLink } from './emails.service';

/**
 * REST routes of the profile (spec 000 §7, 001 §7): the address documents upload as multipart
 * (parts main, additional, relationship and a JSON `data` part), a new phone code with a PKCE
 * challenge (`POST /verification/phones/{phoneId}/verify`), and the e-mail confirmation link.
 * The bearer token and `?fromCustomerId=` are checked as on the main API.
 */
export interface ProfileRoutesOptions extends FileAccessOptions {
  requestsPerMinute: number;
}

const phoneParamsSchema = z.object({ phoneId: z.coerce.number().int().positive().max(2_147_483_647) });
const linkQuerySchema = z.object({ token: z.string().max(64) });
/** One file per part: the proof, an optional second page, an optional relationship proof. */
const MAX_ADDRESS_FILES = ADDRESS_DOCUMENT_PARTS.length;

function dataOf(form: UploadForm, language: Language) {
  const raw = form.fields.data;
  if (raw === undefined) throw errors.invalidParams('The data part is missing.');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw errors.invalidParams('The data part is not JSON.');
  }
  const parsed = addressDocumentsDataSchema.safeParse(json, parsedIn(language));
  if (!parsed.success) throw errors.validation(validationErrorsOf(parsed.error));
  return parsed.data;
}

function filesOf(form: UploadForm) {
  const roles = form.files.map((file) => file.field);
  if (new Set(roles).size !== roles.length) throw errors.invalidParams('Each part can hold one file.');
  if (!roles.includes('main')) {
    throw errors.validation([{ field: 'main', message: 'Attach the document that proves the address.' }]);
  }
  return form.files.map((file) => ({ role: file.field as AddressDocumentPart, upload: file.upload }));
}

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = (app, options) => {
  const rateLimit = { max: options.requestsPerMinute, timeWindow: '1 minute' };

  app.post(
    ADDRESS_DOCUMENTS_PATH,
    {
      schema: {
        tags: ['Profile'],
        summary:
          'Upload the proof of an address as multipart/form-data: files main (required), additional, relationship; a JSON data part { addressId, documentType, relationshipDocumentType }.',
        security: [{ bearerAuth: [] }],
        response: { 200: addressDocumentsResponseSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const caller = await fileCallerOf(request, options);
      const form = await readUploadForm(request, { fileFields: ADDRESS_DOCUMENT_PARTS, maxFiles: MAX_ADDRESS_FILES });
      try {
        const address = await profile.attachAddressDocuments(options.db, {
          customerId: caller.customerId,
          userId: caller.session.userId,
          ip: request.ip,
          data: dataOf(form, languageOf(request)),
          files: filesOf(form),
        });
        return { responseCode: '00' as const, address };
      } catch (error) {
        await discardUploads(
          request.server.uploads,
          form.files.map((file) => file.upload),
        );
        throw error;
      }
    },
  );

  app.post(
    '/verification/phones/:phoneId/verify',
    {
      schema: {
        tags: ['Profile'],
        summary: 'Send a new confirmation code by SMS to an unconfirmed phone, optionally bound to a PKCE challenge.',
        security: [{ bearerAuth: [] }],
        params: phoneParamsSchema,
        body: phoneVerifyRequestSchema,
        response: { 200: phoneVerifyResponseSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const caller = await fileCallerOf(request, options);
      const sent = await phones.requestPhoneCode(options.db, {
        customerId: caller.customerId,
        userId: caller.session.userId,
        ip: request.ip,
        sms: request.server.messaging.sms,
        phoneId: request.params.phoneId,
        codeChallenge: request.body.codeChallenge,
        language: languageOf(request),
      });
      return { responseCode: '00' as const, reqId: sent.reqId, expiresAt: sent.expiresAt, isSandbox: sent.isSandbox };
    },
  );

  app.get(
    EMAIL_CONFIRMATION_PATH,
    {
      schema: {
        tags: ['Profile'],
        summary: `Follow an e-mail confirmation link: confirms the e-mail and redirects (302) to /profile?${EMAIL_CONFIRMATION_QUERY}=success, or fail.`,
        querystring: linkQuerySchema,
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const isConfirmed = await confirmEmailByLink(options.db, { token: request.query.token, ip: request.ip });
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/profile?${EMAIL_CONFIRMATION_QUERY}=${isConfirmed ? 'success' : 'fail'}`, 302);
    },
  );
  return Promise.resolve();
};
