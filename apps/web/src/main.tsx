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
import { EARLY_MAX_AGE_MS, releaseEarly } from '@/lib/api/early';
import { configureErrorHandler } from '@/lib/api/error-handler';

// an early call no screen took within its time is let go (its answer would no longer be used)
setTimeout(releaseEarly, EARLY_MAX_AGE_MS);

configureErrorHandler({
  navigate: (to) => void router.navigate({ to }),
  currentPath: () => router.state.location.pathname,
});

void Promise.all([loadConfig(), i18nReady]).then(async () => {
  // The first screen is resolved before the first render: its route chunks and the data its loaders ask for (the
  // record, the session). The first render then builds the whole screen at once, in slices (below), instead of a
  // shell first and then one blocking render per answer that arrives.
  // A screen whose data does not come within 3 s renders without it (and shows its own loading state).
  await Promise.race([router.load().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
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
  document.getElementById('font-warmup')?.remove();
});
