import { adminActingStart, adminActingStop, adminAuditLog, adminCustomerGet } from '@app/shared/api/admin';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import * as adminService from './admin.service';

function sessionOf(context: MethodContext): Session {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  return context.session;
}

/** Every method here is `access: 'admin'`: the dispatcher refuses anyone else before they run. */
export function adminMethods(): RegisteredMethod[] {
  return [
    handleMethod(adminCustomerGet, async (input, context) => ({
      customer: await adminService.customerDetail(context.db, { customerId: input.customerId }),
    })),

    handleMethod(adminActingStart, (input, context) =>
      adminService.recordActing(context.db, {
        adminUserId: sessionOf(context).userId,
        customerId: input.customerId,
        event: 'started',
        ip: context.request.ip,
      }),
    ),

    handleMethod(adminActingStop, async (input, context) => {
      await adminService.recordActing(context.db, {
        adminUserId: sessionOf(context).userId,
        customerId: input.customerId,
        event: 'stopped',
        ip: context.request.ip,
      });
      return {};
    }),

    handleMethod(adminAuditLog, (input, context) => adminService.auditLogPage(context.db, input)),
  ];
}
