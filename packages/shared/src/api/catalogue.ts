import type { AnyMethod } from './method';
import * as accounts from './accounts';
import * as customers from './customers';
import * as history from './history';
import * as transfers from './transfers';
import * as registration from './registration';

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
  ].map((method) => [method.name, method]),
);
