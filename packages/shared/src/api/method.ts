import type { z } from 'zod';

/**
 * Who may call a main-API method.
 * - public: no session needed (registration, dictionaries, resets…).
 * - customer: any signed-in user, acting for their own customer or, with `fromCustomerId`, for a
 *   customer they have access to.
 * - admin: administrators only.
 */
export type MethodAccess = 'public' | 'customer' | 'admin';

export interface MethodDefinition<TInput extends z.ZodType, TOutput extends z.ZodType> {
  name: string;
  summary: string;
  access: MethodAccess;
  /** Whether `fromCustomerId` is honoured for this method (spec 000 §7). */
  actsForCustomer: boolean;
  /** Whether the terms check (TE) is skipped: the calls that read or accept the terms themselves. */
  skipsTermsCheck?: boolean;
  input: TInput;
  output: TOutput;
}

export type AnyMethod = MethodDefinition<z.ZodType, z.ZodType>;
export type MethodInput<M extends AnyMethod> = z.input<M['input']>;
export type MethodOutput<M extends AnyMethod> = z.output<M['output']>;

export function defineMethod<TInput extends z.ZodType, TOutput extends z.ZodType>(
  definition: MethodDefinition<TInput, TOutput>,
): MethodDefinition<TInput, TOutput> {
  return definition;
}
