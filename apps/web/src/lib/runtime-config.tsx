import { createContext, type ReactNode, useContext } from 'react';
import type { Brand } from '../brands/brand';
import type { ResolvedEnvironment } from './environment';

/** What the page resolved at start-up: the brand, the server environment and whether dev tools show. */
export interface RuntimeConfig {
  brand: Brand;
  environment: ResolvedEnvironment;
  isDevToolsEnabled: boolean;
}

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ value, children }: { value: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const value = useContext(RuntimeConfigContext);
  if (!value) throw new Error('useRuntimeConfig needs a RuntimeConfigProvider');
  return value;
}

export function useBrand(): Brand {
  return useRuntimeConfig().brand;
}
