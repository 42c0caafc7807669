import {
  customerDocumentsGet,
  customerLimitReasonGet,
  videoIdentityJobCreate,
  videoIdentityJobGet,
} from '@app/shared/api/documents';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import { documentsOf, videoIdentityStatusOf } from './documents.service';
import { limitReasonsOf } from './limit-reasons.service';
import { startVideoIdentity, videoIdentityJob, type VideoIdentityProvider } from './video-identity';

function callerOf(context: MethodContext): { session: Session; customerId: number } {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  if (context.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  return { session: context.session, customerId: context.customerId };
}

export function documentMethods(options: { videoIdentityProvider: VideoIdentityProvider }): RegisteredMethod[] {
  return [
    handleMethod(customerDocumentsGet, async (_input, context) => {
      const { customerId } = callerOf(context);
      const [documents, videoIdentityStatus] = await Promise.all([
        documentsOf(context.db, { customerId }),
        videoIdentityStatusOf(context.db, { customerId }),
      ]);
      return { documents, videoIdentityStatus };
    }),

    handleMethod(customerLimitReasonGet, async (_input, context) => ({
      reasons: await limitReasonsOf(context.db, { customerId: callerOf(context).customerId }),
    })),

    handleMethod(videoIdentityJobCreate, async (_input, context) => {
      const { session, customerId } = callerOf(context);
      return {
        job: await startVideoIdentity(context.db, {
          customerId,
          userId: session.userId,
          ip: context.request.ip,
          provider: options.videoIdentityProvider,
        }),
      };
    }),

    handleMethod(videoIdentityJobGet, async (input, context) => ({
      job: await videoIdentityJob(context.db, {
        customerId: callerOf(context).customerId,
        publicId: input.id,
        provider: options.videoIdentityProvider,
      }),
    })),
  ];
}
