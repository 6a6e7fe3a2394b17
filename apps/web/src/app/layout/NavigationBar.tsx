import { AppShell, Divider, NavLink, ScrollArea, Stack, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useOnIntent } from '@/components/on-intent';
import { useUserParameter } from '@/features/settings/api';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { itemEnabled } from '@/lib/item-settings';
import { useUsageParameters } from '@/lib/reference-data';
import { infoDrawerState } from '@/lib/ui-state';
import { type MenuEntry, mayOpen, navEntries } from '../areas';
import { useMe } from '../auth/session';
import classes from './NavigationBar.module.css';
import { useStorageRegion } from './use-storage-region';

type TipHandlers = (label: string) => {
  onPointerEnter: (e: { currentTarget: HTMLElement }) => void;
  onFocus: (e: { currentTarget: HTMLElement }) => void;
  onPointerLeave: () => void;
  onBlur: () => void;
};

const loadGroupMenu = () => import('./NavGroupMenu');
const NavGroupMenu = lazy(() => loadGroupMenu().then((m) => ({ default: m.NavGroupMenu })));

/** A group in the narrow navigation: its button at once, the menu's code when the user reaches for it. */
function MiniGroup({ area, active, label, tip }: { area: MenuEntry; active: boolean; label: string; tip: TipHandlers }) {
  const { open, intent } = useOnIntent(loadGroupMenu);
  const shown = tip(label);
  const button = (
    <UnstyledButton
      className={classes.mini}
      data-active={active || undefined}
      aria-label={label}
      data-testid={`nav-${area.id}`}
      {...shown}
      onPointerEnter={(e) => {
        shown.onPointerEnter(e);
        intent.onPointerEnter();
      }}
      onFocus={(e) => {
        shown.onFocus(e);
        intent.onFocus();
      }}
      onClick={intent.onClick}
    >
      <area.icon size={22} stroke={1.6} />
    </UnstyledButton>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <NavGroupMenu area={area} active={active} defaultOpened />
    </Suspense>
  );
}

function Entry({ area, mini, active, tip }: { area: MenuEntry; mini: boolean; active: boolean; tip: TipHandlers }) {
  const { t } = useTranslation(ALL_NAMESPACES);
  const label = t(area.label);
  if (mini && area.children) return <MiniGroup area={area} active={active} label={label} tip={tip} />;
  if (mini) {
    return (
      <UnstyledButton
        component={Link}
        to={area.to}
        className={classes.mini}
        data-active={active || undefined}
        aria-label={label}
        data-testid={`nav-${area.id}`}
        {...tip(label)}
      >
        <area.icon size={22} stroke={1.6} />
      </UnstyledButton>
    );
  }
  if (area.children) {
    return (
      <NavLink
        label={label}
        active={active}
        defaultOpened={active}
        leftSection={<area.icon size={20} stroke={1.6} />}
        className={classes.link}
        data-testid={`nav-${area.id}`}
      >
        {area.children.map((c) => (
          <NavLink key={c.id} component={Link} to={c.to} label={t(c.label)} className={classes.link} data-testid={`nav-${c.id}`} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={area.to}
      label={label}
      active={active}
      leftSection={<area.icon size={20} stroke={1.6} />}
      className={classes.link}
      data-testid={`nav-${area.id}`}
    />
  );
}

/** The left navigation from the area registry, in spec order, each entry only when enabled (APP-078, APP-079). */
export function NavigationBar({ mini }: { mini: boolean }) {
  const { t } = useTranslation(ALL_NAMESPACES);
  const me = useMe().data;
  const { value: navigation } = useUserParameter('navigation');
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const usage = useUsageParameters().data;
  const region = useStorageRegion().region;
  const entries = navEntries().filter((a) => mayOpen(me, a, usage, region) && itemEnabled(navigation, a.id));
  const isActive = (a: MenuEntry) => a.id !== 'logout' && (pathname === a.to || pathname.startsWith(`${a.to}/`));
  const info = t('nav.info');
  const [shown, setShown] = useState<{ label: string; top: number; left: number } | null>(null);
  // the narrow navigation names each icon beside it on pointing and focus (a label of its own, no tooltip library)
  const tip: TipHandlers = (label) => {
    const show = (e: { currentTarget: HTMLElement }) => {
      const r = e.currentTarget.getBoundingClientRect();
      setShown({ label, top: r.top + r.height / 2, left: r.right + 8 });
    };
    const hide = () => setShown(null);
    return { onPointerEnter: show, onFocus: show, onPointerLeave: hide, onBlur: hide };
  };
  return (
    <>
      {shown &&
        createPortal(
          <div role="tooltip" className={classes.tip} style={{ top: shown.top, left: shown.left }}>
            {shown.label}
          </div>,
          document.body,
        )}
      <AppShell.Section grow component={ScrollArea} p={mini ? 'xs' : 'sm'}>
        <Stack gap={4} align={mini ? 'center' : 'stretch'} component="nav" aria-label={t('nav.navigation')}>
          {entries.map((a) => (
            <Entry key={a.id} area={a} mini={mini} active={isActive(a)} tip={tip} />
          ))}
        </Stack>
      </AppShell.Section>
      <Divider />
      <AppShell.Section p={mini ? 'xs' : 'sm'}>
        {mini ? (
          <Stack align="center">
            <UnstyledButton className={classes.mini} onClick={() => infoDrawerState.set(true)} aria-label={info} data-testid="nav-info" {...tip(info)}>
              <IconInfoCircle size={22} stroke={1.6} />
            </UnstyledButton>
          </Stack>
        ) : (
          <NavLink
            component="button"
            label={info}
            leftSection={<IconInfoCircle size={20} stroke={1.6} />}
            onClick={() => infoDrawerState.set(true)}
            className={classes.link}
            data-testid="nav-info"
          />
        )}
      </AppShell.Section>
    </>
  );
}
