import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/providers';
import { createQueryClientHolder, type QueryClientHolder } from '../app/query-client';
import type { Brand } from '../brands/brand';
import { harbor } from '../brands/harbor/config';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(
  ui: ReactNode,
  options: { brand?: Brand; queryClientHolder?: QueryClientHolder } = {},
): RenderResult & { queryClientHolder: QueryClientHolder } {
  const queryClientHolder = options.queryClientHolder ?? createQueryClientHolder(testQueryClient());
  const result = render(
    <AppProviders
      env="test"
      queryClientHolder={queryClientHolder}
      runtimeConfig={{
        brand: options.brand ?? harbor,
        environment: { name: 'production', apiBaseUrl: '', isProduction: true },
        isDevToolsEnabled: false,
      }}
    >
      {ui}
    </AppProviders>,
  );
  return { ...result, queryClientHolder };
}
