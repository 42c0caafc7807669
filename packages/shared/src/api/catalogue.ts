import type { AnyMethod } from './method';
import * as customers from './customers';

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
  [...methodsOf(customers)].map((method) => [method.name, method]),
);
