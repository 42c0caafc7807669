import type { AnyMethod } from './method';
import * as accounts from './accounts';
import * as customers from './customers';
import * as history from './history';
import * as transfers from './transfers';
import * as registration from './registration';
import * as security from './security';
import * as notifications from './notifications';
import * as news from './news';
import * as admin from './admin';
import * as securitySettings from './security-settings';
import * as profile from './profile';
import * as documents from './documents';
import * as verification from './verification';

/**
 * Every main-API method, by name. The server registers a handler for each; `/docs` is generated
 * from these definitions, so this list is the wire contract.
 */
function methodsOf(module: Record<string, unknown>): AnyMethod[] {
  return Object.values(module).filter(
    (value): value is AnyMethod =>
      typeof value === 'object' && value !== null && 'name' in value && 'input' in value && 'access' in value,
  );
}

export const methodCatalogue: ReadonlyMap<string, AnyMethod> = new Map(
  [
    ...methodsOf(customers),
    ...methodsOf(transfers),
    ...methodsOf(registration),
    ...methodsOf(accounts),
    ...methodsOf(history),
    ...methodsOf(security),
    ...methodsOf(notifications),
    ...methodsOf(news),
    ...methodsOf(admin),
    ...methodsOf(securitySettings),
    ...methodsOf(profile),
    ...methodsOf(documents),
    ...methodsOf(verification),
  ].map((method) => [method.name, method]),
);
