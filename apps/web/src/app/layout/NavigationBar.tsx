import { AppShell, Divider, Menu, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useUserParameter } from '@/features/settings/api';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { itemEnabled } from '@/lib/item-settings';
import { infoDrawerState } from '@/lib/ui-state';
import { type MenuEntry, mayOpen, navEntries } from '../areas';
import { useMe } from '../auth/session';
import classes from './NavigationBar.module.css';

function Entry({ area, mini, active }: { area: MenuEntry; mini: boolean; active: boolean }) {
  const { t } = useTranslation(ALL_NAMESPACES);
  const label = t(area.label);
  if (mini && area.children) {
    return (
      <Menu position="right-start" offset={8} withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.mini} data-active={active || undefined} aria-label={label} data-testid={`nav-${area.id}`}>
            <area.icon size={22} stroke={1.6} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{label}</Menu.Label>
          {area.children.map((c) => (
            <Menu.Item key={c.id} component={Link} to={c.to} data-testid={`nav-${c.id}`}>
              {t(c.label)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  }
  if (mini) {
    return (
      <Tooltip label={label} position="right">
        <UnstyledButton
          component={Link}
          to={area.to}
          className={classes.mini}
          data-active={active || undefined}
          aria-label={label}
          data-testid={`nav-${area.id}`}
        >
          <area.icon size={22} stroke={1.6} />
        </UnstyledButton>
      </Tooltip>
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
  const entries = navEntries().filter((a) => mayOpen(me, a) && itemEnabled(navigation, a.id));
  const isActive = (a: MenuEntry) => a.id !== 'logout' && (pathname === a.to || pathname.startsWith(`${a.to}/`));
  const info = t('nav.info');
  return (
    <>
      <AppShell.Section grow component={ScrollArea} p={mini ? 'xs' : 'sm'}>
        <Stack gap={4} align={mini ? 'center' : 'stretch'} component="nav" aria-label={t('nav.navigation')}>
          {entries.map((a) => (
            <Entry key={a.id} area={a} mini={mini} active={isActive(a)} />
          ))}
        </Stack>
      </AppShell.Section>
      <Divider />
      <AppShell.Section p={mini ? 'xs' : 'sm'}>
        {mini ? (
          <Stack align="center">
            <Tooltip label={info} position="right">
              <UnstyledButton className={classes.mini} onClick={() => infoDrawerState.set(true)} aria-label={info} data-testid="nav-info">
                <IconInfoCircle size={22} stroke={1.6} />
              </UnstyledButton>
            </Tooltip>
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
