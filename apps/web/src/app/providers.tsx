import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { theme } from './theme';

function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

/** Mantine (light by default, APP-005), notifications bottom right for 2.5 s (HTTP-072), modals, queries. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <LocalizedDates>
          <ModalsProvider>
            <Notifications position="bottom-right" autoClose={2500} limit={5} zIndex={4000} />
            {children}
          </ModalsProvider>
        </LocalizedDates>
      </MantineProvider>
    </QueryClientProvider>
  );
}
