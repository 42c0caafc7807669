import {
  accountActivate,
  accountActivationResend,
  emailExistsCheck,
  employeeActivate,
  passwordResetCodeCheck,
  passwordResetComplete,
  passwordResetRequest,
  personalRegistrationCreate,
  phoneExistsCheck,
  registrationTermsList,
} from '@app/shared/api/registration';
import type { FastifyRequest } from 'fastify';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import { checkPasswordResetCode, completePasswordReset, requestPasswordReset } from './password-reset';
import * as registrationService from './registration.service';

/**
 * The public main-API methods of registration, activation and password reset (spec 001 §7 "Other").
 * Each validates (the dispatcher, with the catalogue's schema), limits (the service, per address
 * and e-mail), and calls one service function.
 */
export interface RegistrationMethodsOptions {
  /** The deployment's brand, for users who registered under none. */
  brand: string;
}

/**
 * The web app's origin as this request reached us, for the links in mails. The host is the one
 * Fastify trusts: X-Forwarded-Host counts only from the configured proxies (TRUSTED_PROXIES).
 */
export function webOriginOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function contextOf(
  request: FastifyRequest,
  options: RegistrationMethodsOptions,
): registrationService.RegistrationContext {
  return {
    messaging: request.server.messaging,
    webOrigin: webOriginOf(request),
    log: request.log,
    brand: options.brand,
  };
}

function originOf(context: MethodContext): registrationService.RequestOrigin {
  return { ip: context.request.ip, language: context.lang };
}

export function registrationMethods(options: RegistrationMethodsOptions): RegisteredMethod[] {
  return [
    handleMethod(registrationTermsList, async (_input, context) => ({
      terms: await registrationService.registrationTerms(context.db),
    })),

    handleMethod(personalRegistrationCreate, (input, context) =>
      registrationService.registerPersonal(context.db, contextOf(context.request, options), {
        registration: input,
        origin: originOf(context),
      }),
    ),

    handleMethod(accountActivate, (input, context) =>
      registrationService.activateByCode(context.db, contextOf(context.request, options), {
        // The schema refuses a call with neither.
        email: input.username ?? input.email ?? '',
        activationCode: input.activationCode,
        ip: context.request.ip,
      }),
    ),

    handleMethod(employeeActivate, (input, context) =>
      registrationService.activateInvitedUser(context.db, {
        email: input.username ?? input.email ?? '',
        activationCode: input.activationCode,
        firstName: input.firstName,
        lastName: input.lastName,
        password: input.password,
        ip: context.request.ip,
        fallbackBrand: options.brand,
      }),
    ),

    handleMethod(accountActivationResend, async (input, context) => {
      await registrationService.resendActivation(context.db, contextOf(context.request, options), {
        email: input.email,
        origin: originOf(context),
      });
      return {};
    }),

    handleMethod(passwordResetRequest, (input, context) =>
      requestPasswordReset(context.db, resetContextOf(context, options), {
        email: input.email,
        origin: originOf(context),
      }),
    ),

    handleMethod(passwordResetCodeCheck, (input, context) =>
      checkPasswordResetCode(context.db, { email: input.email, code: input.code, ip: context.request.ip }),
    ),

    handleMethod(passwordResetComplete, (input, context) =>
      completePasswordReset(context.db, resetContextOf(context, options), {
        resetToken: input.resetToken,
        password: input.password,
        origin: originOf(context),
      }),
    ),

    handleMethod(emailExistsCheck, (input, context) =>
      registrationService.emailExistence(context.db, { email: input.email, ip: context.request.ip }),
    ),

    handleMethod(phoneExistsCheck, (input, context) =>
      registrationService.phoneExistence(context.db, {
        phone: input.phone,
        countryCode: input.countryCode,
        ip: context.request.ip,
      }),
    ),
  ];
}

function resetContextOf(context: MethodContext, options: RegistrationMethodsOptions) {
  return {
    messaging: context.request.server.messaging,
    log: context.request.log,
    live: context.request.server.live,
    brand: options.brand,
  };
}
