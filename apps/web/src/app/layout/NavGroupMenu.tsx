import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ALL_NAMESPACES } from '@/i18n/resources';
import type { MenuEntry } from '../areas';
import classes from './NavigationBar.module.css';

/** A navigation group (e.g. the stores) in the narrow navigation: its entries in a menu beside it. */
export function NavGroupMenu({ area, active, defaultOpened }: { area: MenuEntry; active: boolean; defaultOpened?: boolean }) {
  const { t } = useTranslation(ALL_NAMESPACES);
  const label = t(area.label);
  return (
    <Menu position="right-start" offset={8} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UnstyledButton className={classes.mini} data-active={active || undefined} aria-label={label} data-testid={`nav-${area.id}`}>
          <area.icon size={22} stroke={1.6} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {(area.children ?? []).map((c) => (
          <Menu.Item key={c.id} component={Link} to={c.to} data-testid={`nav-${c.id}`}>
            {t(c.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
