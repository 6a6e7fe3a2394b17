import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import '@/i18n';
import { loadConfig } from '@/lib/api/config';
import { configureErrorHandler } from '@/lib/api/error-handler';

configureErrorHandler({
  navigate: (to) => void router.navigate({ to }),
  currentPath: () => router.state.location.pathname,
});

void loadConfig().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
