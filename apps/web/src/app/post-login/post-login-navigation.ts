import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import {
  customerAccessListQueryKey,
  customerAccessListQueryOptions,
} from '../../features/auth/api/customer-access-list';
import { customerInfoQueryOptions } from '../../features/customers/api/get-customer-info';
import { isApiError } from '../../lib/api-error';
import { getFromCustomerId, setFromCustomerId } from '../../lib/session';
import { pathOfRoute } from '../route-registry';
import { clearInitialPath, peekInitialPath } from './initial-path';
import {
  type PostLoginDecision,
  type PostLoginDestination,
  type PostLoginInput,
  resolvePostLoginRoute,
} from './resolve-post-login-route';
import { SignInBlockedError } from './sign-in-blocked';

function destinationOf(decision: PostLoginDecision): PostLoginDestination {
  switch (decision.kind) {
    case 'signIn':
      throw new SignInBlockedError(decision.reason);
    case 'loadCustomerAccesses':
      throw new Error('post-login routing asked for customer accesses it was given');
    case 'route':
    case 'path':
    case 'external':
      return decision;
  }
}

/**
 * Loads the customer (fresh, never from cache) and applies the post-login rules; rule 4 loads the
 * customers the user may act for too. Throws when either load fails (spec 000 §4: a failed
 * customer-info load blocks sign-in), and SignInBlockedError when the rules send the user back.
 */
export async function determinePostLoginDestination(queryClient: QueryClient): Promise<PostLoginDestination> {
  let input: PostLoginInput;
  try {
    const { customer } = await queryClient.query({ ...customerInfoQueryOptions(), staleTime: 0 });
    input = { kind: 'customer', customer, fromCustomerId: getFromCustomerId(), savedPath: peekInitialPath() };
  } catch (error) {
    if (isApiError(error) && error.code === 'TE')
      return destinationOf(resolvePostLoginRoute({ kind: 'termsRequired', terms: error.terms }));
    throw error;
  }
  const decision = resolvePostLoginRoute(input);
  if (decision.kind !== 'loadCustomerAccesses') return destinationOf(decision);
  const { customers } = await queryClient.query({ ...customerAccessListQueryOptions(), staleTime: 0 });
  return destinationOf(resolvePostLoginRoute({ ...input, customerAccesses: customers }));
}

/** The in-app path of a destination, or null for an external one (which leaves the app). */
export function pathOfDestination(destination: PostLoginDestination): string | null {
  switch (destination.kind) {
    case 'route':
      return pathOfRoute(destination.route);
    case 'path':
      return destination.path;
    case 'external':
      return null;
  }
}

export function leaveForExternal(destination: PostLoginDestination): boolean {
  if (destination.kind !== 'external') return false;
  window.location.assign(destination.url);
  return true;
}

/** Runs post-login routing and navigates; throws when the customer cannot be loaded. */
export async function continueAfterSignIn(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  const destination = await determinePostLoginDestination(queryClient);
  if (destination.kind === 'path') clearInitialPath();
  if (leaveForExternal(destination)) return;
  const path = pathOfDestination(destination);
  if (path) await navigate(path, { replace: true });
}

function isAccessListKey(queryKey: readonly unknown[]): boolean {
  return customerAccessListQueryKey.every((part, index) => queryKey[index] === part);
}

/**
 * Acts for the chosen customer from now on (fromCustomerId on every call that honours it), forgets
 * what was cached for the previous one, and routes on. A customer that cannot be loaded is not kept.
 */
export async function continueAsCustomer(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  customerId: number,
): Promise<void> {
  setFromCustomerId(customerId);
  // The chooser's own list stays: it is the same whoever is acted for, and it is still on screen.
  queryClient.removeQueries({ predicate: (query) => !isAccessListKey(query.queryKey) });
  try {
    await continueAfterSignIn(queryClient, navigate);
  } catch (error) {
    setFromCustomerId(undefined);
    throw error;
  }
}

export function useContinueAfterSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => continueAfterSignIn(queryClient, navigate), [navigate, queryClient]);
}
