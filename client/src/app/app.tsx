import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from 'react-router-dom';
import { AppToaster } from '../shared/ui/app-toaster';
import { createPersistOptions } from './query-client';
import type { AppRouter } from './router';
import { UpdatePrompt } from './update-prompt';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={createPersistOptions()}>
      <RouterProvider router={router} />
      <AppToaster />
      <UpdatePrompt router={router} />
    </PersistQueryClientProvider>
  );
}
