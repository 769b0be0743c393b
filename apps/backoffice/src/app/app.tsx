import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../auth/session';
import { ToastProvider } from '../ui';
import { router } from './routes';

const queryClient = new QueryClient({
  defaultOptions: {
    // Staff look at live queues: data older than 15 s is refetched when a page shows it again.
    queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <Suspense fallback={<div className="bo-center-note">…</div>}>
            <RouterProvider router={router} />
          </Suspense>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
