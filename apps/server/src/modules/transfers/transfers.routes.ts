import {
  transferPushApprovalAnswerResponseSchema,
  transferPushApprovalAnswerSchema,
  transferPushApprovalListResponseSchema,
  transferPushApprovalParamsSchema,
} from '@app/shared/api/transfers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthSettings } from '../auth/auth.service';
import { authenticateDevice } from '../auth/devices.service';
import * as transfersService from './transfers.service';

/**
 * The transfers part of the devices service `/device-api/*` (DESIGN.md §4): a linked device
 * (device token, as from POST /auth/token) lists and answers the push approvals of its user's
 * transfers. Another user's device, or a transfer that is not waiting for a push, answers ENOA.
 */
export interface TransferDeviceRoutesOptions {
  db: Database;
  authTokens: AuthSettings['authTokens'];
  settings: transfersService.TransferSettings;
}

const errorResponseSchema = z.object({
  responseCode: z.string(),
  responseDescription: z.string().optional(),
  validationErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
const errorResponses = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const ROUTE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const security = [{ bearerAuth: [] }];

export const transferDeviceRoutes: FastifyPluginAsyncZod<TransferDeviceRoutesOptions> = (app, options) => {
  const { db, settings } = options;

  app.get(
    '/transfer-approvals',
    {
      schema: {
        tags: ['devices'],
        summary: 'Transfers of the device’s user waiting for a push approval (device token).',
        security,
        response: { 200: transferPushApprovalListResponseSchema, ...errorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const device = await authenticateDevice(db, request, options.authTokens);
      return {
        responseCode: '00' as const,
        approvals: await transfersService.openPushApprovals(db, { userId: device.userId, now: new Date() }),
      };
    },
  );

  app.put(
    '/transfer-approvals/:transferId',
    {
      schema: {
        tags: ['devices'],
        summary: 'Approve (result true) or decline a transfer waiting for a push approval (device token).',
        security,
        params: transferPushApprovalParamsSchema,
        body: transferPushApprovalAnswerSchema,
        response: { 200: transferPushApprovalAnswerResponseSchema, ...errorResponses },
      },
      config: ROUTE_LIMIT,
    },
    async (request) => {
      const device = await authenticateDevice(db, request, options.authTokens);
      const transfer = await transfersService.answerPush(db, settings, {
        userId: device.userId,
        deviceId: device.deviceId,
        transferId: request.params.transferId,
        result: request.body.result,
        ip: request.ip,
        now: new Date(),
      });
      return { responseCode: '00' as const, status: transfer.status };
    },
  );

  return Promise.resolve();
};
