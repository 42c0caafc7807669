import { createContext, type ReactNode, useContext } from 'react';
import type { QueryClientHolder } from './query-client';

const QueryClientHolderContext = createContext<QueryClientHolder | null>(null);

export function QueryClientHolderProvider({ holder, children }: { holder: QueryClientHolder; children: ReactNode }) {
  return <QueryClientHolderContext.Provider value={holder}>{children}</QueryClientHolderContext.Provider>;
}

export function useQueryClientHolder(): QueryClientHolder {
  const holder = useContext(QueryClientHolderContext);
  if (!holder) throw new Error('useQueryClientHolder needs a QueryClientHolderProvider');
  return holder;
}
