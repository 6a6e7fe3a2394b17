import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));

/** Mounts the notifications' host once a notification exists (it waits in the store meanwhile): not part of the first load. */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

/** Mantine (light by default, APP-005), notifications bottom right for 2.5 s (HTTP-072), modals, queries. */
export function Providers({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // a notice's close button is named in the user's language (axe: button-name)
  const localized = useMemo(
    () => mergeThemeOverrides(theme, { components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } } } }),
    [t],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <LocalizedDates>
          <ModalsProvider>
            <LazyNotifications />
            {children}
          </ModalsProvider>
        </LocalizedDates>
      </MantineProvider>
    </QueryClientProvider>
  );
}
