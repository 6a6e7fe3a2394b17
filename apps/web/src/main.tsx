// Mantine's global styles; each component's stylesheet comes with the code that uses it (vite-plugins.ts)
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import { i18nReady } from '@/i18n';
import { loadConfig } from '@/lib/api/config';
import { configureErrorHandler } from '@/lib/api/error-handler';

configureErrorHandler({
  navigate: (to) => void router.navigate({ to }),
  currentPath: () => router.state.location.pathname,
});

void Promise.all([loadConfig(), i18nReady]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices of a few milliseconds and lets the browser in between,
  // instead of one long task that blocks input (Lighthouse's total blocking time) until the whole screen is built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
});
