import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { customerInfoQueryOptions } from '../../features/customers/api/get-customer-info';
import { isApiError } from '../../lib/api-error';
import { getFromCustomerId } from '../../lib/session';
import { pathOfRoute } from '../route-registry';
import { clearInitialPath, peekInitialPath } from './initial-path';
import { type PostLoginDestination, resolvePostLoginRoute } from './resolve-post-login-route';

/** Loads the customer (fresh, never from cache) and applies the post-login rules. Throws if it fails. */
export async function determinePostLoginDestination(queryClient: QueryClient): Promise<PostLoginDestination> {
  try {
    const { customer } = await queryClient.query({ ...customerInfoQueryOptions(), staleTime: 0 });
    return resolvePostLoginRoute({
      kind: 'customer',
      customer,
      fromCustomerId: getFromCustomerId(),
      savedPath: peekInitialPath(),
    });
  } catch (error) {
    if (isApiError(error) && error.code === 'TE')
      return resolvePostLoginRoute({ kind: 'termsRequired', terms: error.terms });
    throw error;
  }
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

export function useContinueAfterSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => continueAfterSignIn(queryClient, navigate), [navigate, queryClient]);
}
