import { QueryClientProvider } from '@tanstack/react-query';
import { use } from 'react';
import { Outlet } from 'react-router';
import { useQueryClientHolder } from './query-client-context';

/** Layout route for every screen that reads server data through TanStack Query. */
export default function QueryLayout() {
  const holder = useQueryClientHolder();
  const client = holder.current() ?? use(holder.load());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
