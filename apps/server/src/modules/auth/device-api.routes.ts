import { okResponseSchema } from '@app/shared/api/auth';
import { deviceCreateResponseSchema, deviceListResponseSchema, deviceParamsSchema } from '@app/shared/api/devices';
import { deviceLinkCompleteRequestSchema } from '@app/shared/api/security-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { sendSecurityChangeMail } from '../security/two-step-notice.service';
import * as customersService from '../customers/customers.service';
import { authSettingsOf, type AuthSettings } from './auth.service';
import { completeDeviceLink, previewDeviceLink } from './device-links.service';
import * as devicesService from './devices.service';
import { authErrorResponses, requireSession } from './route-auth';
import { languageOfRequest } from './two-step-verification.routes';

/**
 * The devices service of spec 001 §7 Security settings: `GET /device-api/device` lists the signed-in
 * user's linked devices, `DELETE /device-api/device/{deviceId}` unlinks one (bearer access token).
 * Another user's device id answers 403 ENOA, exactly like one that does not exist.
 */
export interface DeviceApiRoutesOptions extends AuthSettings {
  db: Database;
}

const ROUTE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const LINK_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

const deviceLinkPreviewRequestSchema = deviceLinkCompleteRequestSchema.pick({ token: true });
const deviceLinkPreviewResponseSchema = z.object({
  responseCode: z.literal('00'),
  /** The login of the account the device would be linked to. */
  email: z.string(),
  /** ISO 8601: the token stops working then. */
  expiresAt: z.string(),
});
const security = [{ bearerAuth: [] }];

export const deviceApiRoutes: FastifyPluginAsyncZod<DeviceApiRoutesOptions> = (app, options) => {
  const { db } = options;
  const settings = authSettingsOf(options);

  app.get(
    '/device',
    {
      schema: {
        tags: ['devices'],
        summary: 'The signed-in user’s linked devices, with their location and last activity.',
        security,
        response: { 200: deviceListResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const session = await requireSession(request, settings.accessTokens);
      return { responseCode: '00' as const, devices: await devicesService.listDevices(db, { userId: session.userId }) };
    },
  );

  app.delete(
    '/device/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: 'Unlink one of the user’s devices: its secret, token and socket stop working at once.',
        security,
        params: deviceParamsSchema,
        response: { 200: okResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const session = await requireSession(request, settings.accessTokens);
      await devicesService.removeDevice(db, settings, {
        userId: session.userId,
        deviceId: request.params.deviceId,
        ip: request.ip,
      });
      const user = await customersService.findSignInUserById(db, { userId: session.userId });
      if (user !== null) {
        await sendSecurityChangeMail(
          settings.messaging,
          settings.brand,
          { email: user.email, action: 'security.deviceRemoved', language: languageOfRequest(request) },
          request.log,
        );
      }
      return { responseCode: '00' as const };
    },
  );

  app.post(
    '/device/link/preview',
    {
      schema: {
        tags: ['devices'],
        summary:
          'What the mobile app shows before it links with a QR code token: the account it would be linked to. Does not use the token up.',
        body: deviceLinkPreviewRequestSchema,
        response: { 200: deviceLinkPreviewResponseSchema, ...authErrorResponses },
      },
      config: LINK_LIMIT,
    },
    async (request) => {
      const preview = await previewDeviceLink(db, { token: request.body.token });
      return { responseCode: '00' as const, email: preview.email, expiresAt: preview.expiresAt.toISOString() };
    },
  );

  app.post(
    '/device/link',
    {
      schema: {
        tags: ['devices'],
        summary:
          'The mobile app links itself with the one-time token of the QR code shown in the security settings; the device is active at once and its secret is shown once.',
        body: deviceLinkCompleteRequestSchema,
        response: { 200: deviceCreateResponseSchema, ...authErrorResponses },
      },
      config: LINK_LIMIT,
    },
    async (request) => {
      const { token, ...input } = request.body;
      const linked = await completeDeviceLink(db, { token, input, ip: request.ip });
      const user = await customersService.findSignInUserById(db, { userId: linked.userId });
      if (user !== null) {
        await sendSecurityChangeMail(
          settings.messaging,
          settings.brand,
          { email: user.email, action: 'security.deviceLinked', language: languageOfRequest(request) },
          request.log,
        );
      }
      return { responseCode: '00' as const, device: linked.device, secret: linked.secret };
    },
  );

  return Promise.resolve();
};
