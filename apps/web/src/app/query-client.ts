import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

/**
 * TanStack Query loads with the first screen that needs it (every signed-in screen), not with the
 * sign-in screen. The holder makes the one QueryClient of the app, on first request.
 */
export interface QueryClientHolder {
  load: () => Promise<QueryClient>;
  /** The client if already made; undefined before any screen needed it. */
  current: () => QueryClient | undefined;
}

/** Retries only what may succeed on a second try: network trouble and server errors, twice at most. */
async function makeQueryClient(): Promise<QueryClient> {
  const { QueryClient } = await import('@tanstack/react-query');
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 &&
          isApiError(error) &&
          (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function createQueryClientHolder(existing?: QueryClient): QueryClientHolder {
  let client = existing;
  let loading: Promise<QueryClient> | undefined = existing ? Promise.resolve(existing) : undefined;
  return {
    load() {
      loading ??= makeQueryClient().then((made) => {
        client = made;
        return made;
      });
      return loading;
    },
    current: () => client,
  };
}
