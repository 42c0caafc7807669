import { MantineProvider } from '@mantine/core';
import { type ReactNode, StrictMode, Suspense } from 'react';
import { accessibleCssVariables, themeOf } from '../brands/theme';
import { PageLoader } from '../components/page-loader';
import { NotificationsHost } from './notifications-host';
import type { QueryClientHolder } from './query-client';
import { QueryClientHolderProvider } from './query-client-context';
import { type RuntimeConfig, RuntimeConfigProvider } from '../lib/runtime-config';

export interface AppProvidersProps {
  runtimeConfig: RuntimeConfig;
  queryClientHolder: QueryClientHolder;
  children: ReactNode;
  /** Tests render without transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ runtimeConfig, queryClientHolder, children, env = 'default' }: AppProvidersProps) {
  return (
    <StrictMode>
      <RuntimeConfigProvider value={runtimeConfig}>
        <MantineProvider
          theme={themeOf(runtimeConfig.brand)}
          cssVariablesResolver={accessibleCssVariables}
          defaultColorScheme="auto"
          env={env}
        >
          <NotificationsHost />
          <QueryClientHolderProvider holder={queryClientHolder}>
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </QueryClientHolderProvider>
        </MantineProvider>
      </RuntimeConfigProvider>
    </StrictMode>
  );
}
