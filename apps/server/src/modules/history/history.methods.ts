import {
  historyExportSend,
  historyExportStart,
  historyExportStatus,
  transactionHistory,
  transactionTypes,
} from '@app/shared/api/history';
import { brandLegalOf } from '@app/shared/brand-legal';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import * as exportsService from './history-exports.service';
import * as historyService from './history.service';

/** History is the customer's: an administrator must name the customer (fromCustomerId). */
function actingCustomerId(context: MethodContext): number {
  if (context.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  return context.customerId;
}

function sessionOf(context: MethodContext): Session {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  return context.session;
}

/** Where the web app is, as the caller reached us: links in e-mails point back to it. */
function webOriginOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function historyMethods(options: { brand: string }): RegisteredMethod[] {
  const { brandName } = brandLegalOf(options.brand);
  return [
    handleMethod(transactionHistory, ({ pageNumber, cursor, ...filter }, context) =>
      historyService.transactionHistory(context.db, {
        customerId: actingCustomerId(context),
        filter,
        pageNumber,
        cursor,
      }),
    ),

    handleMethod(transactionTypes, () => Promise.resolve({ transactionTypes: historyService.transactionTypeList() })),

    handleMethod(historyExportStart, async (input, context) => ({
      export: await exportsService.startExport(context.db, {
        customerId: actingCustomerId(context),
        userId: sessionOf(context).userId,
        filter: input.filter,
      }),
    })),

    handleMethod(historyExportStatus, async (input, context) => ({
      export: await exportsService.exportStatus(context.db, {
        customerId: actingCustomerId(context),
        exportId: input.exportId,
      }),
    })),

    handleMethod(historyExportSend, async (input, context) => ({
      sentTo: await exportsService.sendExport(context.db, {
        customerId: actingCustomerId(context),
        session: sessionOf(context),
        exportId: input.exportId,
        mail: context.request.server.messaging.mail,
        webOrigin: webOriginOf(context.request),
        brandName,
        language: context.lang,
      }),
    })),
  ];
}
