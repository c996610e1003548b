import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { SessionRefresh } from '../lib/session-refresh';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SessionRefresh />
        {children}
      </SessionProvider>
    </QueryClientProvider>
  );
}
