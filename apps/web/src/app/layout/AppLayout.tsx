import { AppShell, Badge, Box, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowDown, IconRefresh } from '@tabler/icons-react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '@/components/AfterFirstPaint';
import { useStartReminderPolling } from '@/features/reminders/api';
import { useSaveUserParameter, useUserParameter } from '@/features/settings/api';
import { useDensitySync } from '@/features/settings/use-density';
import { setLocksPageAllowed } from '@/lib/api/error-handler';
import { useMediaMatch } from '@/lib/media';
import { type Store, useStore } from '@/lib/store';
import { cookieBannerDismissed, infoDrawerState, reminderPanelState } from '@/lib/ui-state';
import { useMe } from '../auth/session';
import { Header } from './Header';
import { NavigationBar } from './NavigationBar';
import { useColorMode } from './use-color-mode';
import { usePinnedHeader } from './use-pinned-header';
import { usePullToRefresh } from './use-pull-to-refresh';

// Closed panels load when first opened, the banner after the first screen is drawn (none is part of the first load).
const ReminderPanel = lazy(() => import('@/features/reminders/ReminderPanel').then((m) => ({ default: m.ReminderPanel })));
const InfoDrawer = lazy(() => import('./InfoDrawer').then((m) => ({ default: m.InfoDrawer })));
const CookieBanner = lazy(() => import('./CookieBanner').then((m) => ({ default: m.CookieBanner })));

/** Mounts a closed panel when its state first opens it: its code is not part of a screen's load. */
function OnceOpened({ state, children }: { state: Store<boolean>; children: ReactNode }) {
  const opened = useStore(state);
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  return used ? children : null;
}

/** Drawer 250 / mini 68 / breakpoint 1400 (APP-083). */
export const NAV_WIDTH = 250;
export const NAV_MINI_WIDTH = 68;
export const NAV_BREAKPOINT = 1400;
export const HEADER_HEIGHT = 60;

/** The frame of every signed-in screen: header, navigation, reminder panel, info drawer, cookie banner. */
export function AppLayout() {
  const { t } = useTranslation();
  const me = useMe();
  useColorMode();
  useDensitySync();
  useStartReminderPolling();
  // right from the first render (a phone no longer draws the frame for a wide screen first and then again)
  const wide = useMediaMatch(`(min-width: ${NAV_BREAKPOINT}px)`);
  const phone = useMediaMatch('(max-width: 48em)');
  const pinned = usePinnedHeader(120);
  const pull = usePullToRefresh(!!phone);
  const [mobileOpened, mobile] = useDisclosure(false);
  // on a phone the navigation is a closed drawer: drawn when first opened, not with the first screen
  const [navDrawn, setNavDrawn] = useState(!phone);
  if (!navDrawn && (mobileOpened || !phone)) setNavDrawn(true);
  const { value: navigation } = useUserParameter('navigation');
  const saveNavigation = useSaveUserParameter('navigation');
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => {
    if (pathname) mobile.close();
  }, [pathname, mobile.close]);
  useEffect(() => setLocksPageAllowed(!!me.data?.benutzer.istAdmin), [me.data]);

  const expanded = wide ? navigation.visible : true;
  const toggle = () => (wide ? saveNavigation.mutate({ ...navigation, visible: !navigation.visible }) : mobile.toggle());

  if (!me.data) {
    return (
      <Center h="100dvh">
        <Loader />
      </Center>
    );
  }

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT, collapsed: !!phone && !pinned, offset: true }}
      navbar={{ width: wide ? (expanded ? NAV_WIDTH : NAV_MINI_WIDTH) : NAV_WIDTH, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !mobileOpened } }}
      padding={phone ? 'sm' : 'lg'}
      transitionDuration={200}
    >
      {/* The frame takes its place at once; header and navigation render interruptibly after the screen's content. */}
      <AppShell.Header>
        <AfterFirstPaint when="transition">
          <Header navOpened={wide ? expanded : mobileOpened} onToggleNav={toggle} />
        </AfterFirstPaint>
      </AppShell.Header>
      <AppShell.Navbar>
        {navDrawn && (
          <AfterFirstPaint when="transition">
            <NavigationBar mini={wide && !expanded} />
          </AfterFirstPaint>
        )}
      </AppShell.Navbar>
      <AppShell.Main bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
        {pull.hint && (
          <Center pb="sm">
            <Badge variant="light" leftSection={pull.reload ? <IconRefresh size={14} /> : <IconArrowDown size={14} />}>
              {pull.reload ? t('pull.release') : t('pull.hint')}
            </Badge>
          </Center>
        )}
        <Box maw={1600} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
      <Suspense fallback={null}>
        <OnceOpened state={reminderPanelState}>
          <ReminderPanel />
        </OnceOpened>
        <OnceOpened state={infoDrawerState}>
          <InfoDrawer />
        </OnceOpened>
        {!cookieBannerDismissed() && (
          <AfterFirstPaint>
            <CookieBanner />
          </AfterFirstPaint>
        )}
      </Suspense>
    </AppShell>
  );
}
