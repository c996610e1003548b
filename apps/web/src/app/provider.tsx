import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmProvider } from '#web/components/confirm-dialog.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { SessionProvider } from '#web/lib/session.tsx';
import { SessionRefresh } from '#web/lib/session-refresh.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SessionRefresh />
        <ConfirmProvider>{children}</ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
