import {
  addressInquiry,
  addressReplaceCheck,
  customerAddressConfirm,
  customerAddressCreate,
  customerAddressDelete,
  customerAddressReplace,
  customerTaxNumberUpdate,
  EMAIL_CONFIRMATION_PATH,
  emailAdd,
  emailConfirm,
  emailDelete,
  emailInquiry,
  emailResend,
  emailSetPrimary,
  phoneAdd,
  phoneConfirm,
  phoneInquiry,
  phoneReplace,
  phoneSetPrimary,
  usernameChangeConfirm,
  usernameChangeRequestCreate,
} from '@app/shared/api/profile';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import * as emails from './emails.service';
import * as phones from './phones.service';
import * as profile from './profile.service';

/** The customer a call acts for, the user acting and where from. */
function actorOf(context: MethodContext): { customerId: number; userId: number; ip: string | null } {
  if (context.session === null) throw errors.auth();
  if (context.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  return { customerId: context.customerId, userId: context.session.userId, ip: context.request.ip };
}

/** The server's origin as the customer reached it (X-Forwarded-Host only from trusted proxies). */
function webOriginOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function mailContextOf(context: MethodContext): emails.MailContext {
  return {
    mail: context.request.server.messaging.mail,
    language: context.lang,
    webOrigin: webOriginOf(context.request),
    confirmationPath: EMAIL_CONFIRMATION_PATH,
  };
}

export function profileMethods(): RegisteredMethod[] {
  return [
    /* Addresses */
    handleMethod(addressInquiry, async (_input, context) => ({
      addresses: await profile.addressViews(context.db, { customerId: actorOf(context).customerId }),
    })),
    handleMethod(customerAddressCreate, async (input, context) => ({
      address: await profile.createAddress(context.db, { ...actorOf(context), input }),
    })),
    handleMethod(addressReplaceCheck, (input, context) =>
      profile.replaceCheck(context.db, {
        customerId: actorOf(context).customerId,
        oldAddressId: input.oldAddressId,
        countryCode: input.countryCode,
      }),
    ),
    handleMethod(customerAddressReplace, async (input, context) => {
      const { oldAddressId, ...address } = input;
      return {
        address: await profile.replaceAddress(context.db, { ...actorOf(context), oldAddressId, input: address }),
      };
    }),
    handleMethod(customerAddressConfirm, async (input, context) => ({
      address: await profile.confirmAddress(context.db, { ...actorOf(context), addressId: input.addressId }),
    })),
    handleMethod(customerAddressDelete, async (input, context) => {
      await profile.deleteAddress(context.db, { ...actorOf(context), addressId: input.addressId });
      return { addressId: input.addressId };
    }),

    /* Phones */
    handleMethod(phoneInquiry, async (_input, context) => ({
      phones: await phones.phoneViews(context.db, { customerId: actorOf(context).customerId }),
    })),
    handleMethod(phoneAdd, (input, context) =>
      phones.addPhone(context.db, {
        ...actorOf(context),
        sms: context.request.server.messaging.sms,
        countryCode: input.countryCode,
        number: input.number,
        codeChallenge: input.codeChallenge,
        language: context.lang,
      }),
    ),
    handleMethod(phoneReplace, (input, context) =>
      phones.replacePhone(context.db, {
        ...actorOf(context),
        sms: context.request.server.messaging.sms,
        phoneId: input.phoneId,
        countryCode: input.countryCode,
        number: input.number,
        codeChallenge: input.codeChallenge,
        language: context.lang,
      }),
    ),
    handleMethod(phoneConfirm, async (input, context) => {
      const { verification, reqId, approvalCode } = input;
      let proof: phones.PhoneProof;
      if (verification !== undefined) proof = verification;
      else if (reqId !== undefined && approvalCode !== undefined) proof = { reqId, approvalCode };
      // The schema admits exactly one of the two; this only satisfies the type checker.
      else throw errors.invalidParams();
      return { phone: await phones.confirmPhone(context.db, { ...actorOf(context), phoneId: input.phoneId, proof }) };
    }),
    handleMethod(phoneSetPrimary, async (input, context) => ({
      phones: await phones.setPrimaryPhone(context.db, { ...actorOf(context), phoneId: input.phoneId }),
    })),

    /* E-mails and the username */
    handleMethod(emailInquiry, (_input, context) => {
      const actor = actorOf(context);
      return emails.emailInquiry(context.db, { customerId: actor.customerId, userId: actor.userId });
    }),
    handleMethod(emailAdd, async (input, context) => ({
      email: await emails.addEmail(context.db, {
        ...actorOf(context),
        context: mailContextOf(context),
        email: input.email,
      }),
    })),
    handleMethod(emailResend, async (input, context) => ({
      email: await emails.resendEmailCode(context.db, {
        ...actorOf(context),
        context: mailContextOf(context),
        emailId: input.emailId,
      }),
    })),
    handleMethod(emailConfirm, async (input, context) => ({
      email: await emails.confirmEmail(context.db, { ...actorOf(context), emailId: input.emailId, code: input.code }),
    })),
    handleMethod(emailDelete, async (input, context) => {
      await emails.deleteEmail(context.db, { ...actorOf(context), emailId: input.emailId });
      return { emailId: input.emailId };
    }),
    handleMethod(emailSetPrimary, async (input, context) => ({
      emails: await emails.setPrimaryEmail(context.db, { ...actorOf(context), emailId: input.emailId }),
    })),
    handleMethod(usernameChangeRequestCreate, async (input, context) => ({
      usernameChangeRequest: await emails.requestUsernameChange(context.db, {
        ...actorOf(context),
        context: mailContextOf(context),
        desiredUsername: input.desiredUsername,
      }),
    })),
    handleMethod(usernameChangeConfirm, (input, context) =>
      emails.confirmUsernameChange(context.db, { ...actorOf(context), requestId: input.requestId, code: input.code }),
    ),

    /* Tax id */
    handleMethod(customerTaxNumberUpdate, (input, context) =>
      profile.updateTaxId(context.db, { ...actorOf(context), taxId: input.taxId }),
    ),
  ];
}
