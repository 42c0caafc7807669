import { okResponseSchema } from '@app/shared/api/auth';
import {
  approveMethodsResponseSchema,
  confirmRequestSchema,
  deviceApprovalCodeRequestSchema,
  deviceApprovalParamsSchema,
  deviceApproveRequestSchema,
  deviceApproveResponseSchema,
  deviceCreateRequestSchema,
  deviceCreateResponseSchema,
  deviceListResponseSchema,
  deviceParamsSchema,
  deviceResponseSchema,
} from '@app/shared/api/devices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { languageOf } from '../../platform/request-language';
import { authSettingsOf, type AuthSettings } from './auth.service';
import * as devicesService from './devices.service';
import { authErrorResponses, requireDevice, requireSession } from './route-auth';

/**
 * `/auth/devices/*` (spec 000 §7): the signed-in user's devices (access token), except the push
 * answer about a new device, which another active device gives (device token).
 */
export interface DevicesRoutesOptions extends AuthSettings {
  db: Database;
}

const ROUTE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const security = [{ bearerAuth: [] }];

export const devicesRoutes: FastifyPluginAsyncZod<DevicesRoutesOptions> = (app, options) => {
  const { db } = options;
  const settings = authSettingsOf(options);
  const userOf = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request, settings.accessTokens)).userId;

  app.get(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary: 'The signed-in user’s devices, pending and active.',
        security,
        response: { 200: deviceListResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => ({
      responseCode: '00' as const,
      devices: await devicesService.listDevices(db, { userId: await userOf(request) }),
    }),
  );

  app.post(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary: 'Link the phone making the call: a pending device and its secret (shown once). Approve it next.',
        security,
        body: deviceCreateRequestSchema,
        response: { 200: deviceCreateResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => ({
      responseCode: '00' as const,
      ...(await devicesService.createDevice(db, {
        userId: await userOf(request),
        input: request.body,
        ip: request.ip,
      })),
    }),
  );

  app.get(
    '/devices/approve-methods',
    {
      schema: {
        tags: ['devices'],
        summary:
          'The methods that can approve a new device (ids are the approval modes: 1 push, 2 sms, 3 otp, 4 approvalCode).',
        security,
        response: { 200: approveMethodsResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => ({
      responseCode: '00' as const,
      methods: await devicesService.approveMethods(db, { userId: await userOf(request) }),
    }),
  );

  app.get(
    '/devices/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: 'One of the user’s devices; another user’s id answers 403 ENOA like a missing one.',
        security,
        params: deviceParamsSchema,
        response: { 200: deviceResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => ({
      responseCode: '00' as const,
      device: await devicesService.getDevice(db, {
        userId: await userOf(request),
        deviceId: request.params.deviceId,
      }),
    }),
  );

  app.delete(
    '/devices/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: 'Unlink a device: its secret, token and socket stop working at once.',
        security,
        params: deviceParamsSchema,
        response: { 200: okResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      await devicesService.removeDevice(db, settings, {
        userId: await userOf(request),
        deviceId: request.params.deviceId,
        ip: request.ip,
      });
      return { responseCode: '00' as const };
    },
  );

  app.post(
    '/devices/:deviceId/approve',
    {
      schema: {
        tags: ['devices'],
        summary: 'Start (or restart) approving a pending device: push to the other devices, or send a code.',
        security,
        params: deviceParamsSchema,
        body: deviceApproveRequestSchema,
        response: { 200: deviceApproveResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => ({
      responseCode: '00' as const,
      approval: await devicesService.startDeviceApproval(db, settings, {
        userId: await userOf(request),
        deviceId: request.params.deviceId,
        methodId: request.body.methodId,
        ip: request.ip,
        language: languageOf(request),
      }),
    }),
  );

  app.patch(
    '/devices/:deviceId/approve/:methodId',
    {
      schema: {
        tags: ['devices'],
        summary: 'Complete a code approval (sms, otp, approvalCode) with the 6-digit code; the device becomes active.',
        security,
        params: deviceApprovalParamsSchema,
        body: deviceApprovalCodeRequestSchema,
        response: { 200: deviceResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => ({
      responseCode: '00' as const,
      device: await devicesService.completeDeviceApproval(db, settings, {
        userId: await userOf(request),
        deviceId: request.params.deviceId,
        methodId: request.params.methodId,
        code: request.body.code,
        ip: request.ip,
      }),
    }),
  );

  app.put(
    '/devices/:deviceId/confirm',
    {
      schema: {
        tags: ['devices'],
        summary: 'Another active device (device token) approves or declines the pending device; a decline removes it.',
        security,
        params: deviceParamsSchema,
        body: confirmRequestSchema,
        response: { 200: okResponseSchema, ...authErrorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const actor = await requireDevice(db, request, settings.authTokens);
      await devicesService.confirmDeviceByPush(db, settings, {
        actor,
        deviceId: request.params.deviceId,
        result: request.body.result,
        ip: request.ip,
      });
      return { responseCode: '00' as const };
    },
  );

  return Promise.resolve();
};
