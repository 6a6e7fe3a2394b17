import { ActionIcon, Burger, Button, Group, Indicator, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBell, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dueCount, useReminders } from '@/features/reminders/api';
import { ShellStatus } from '@/features/service/offline/ShellStatus';
import { useLocalParameter, useUserParameter } from '@/features/settings/api';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { useStore } from '@/lib/store';
import { reminderPanelState } from '@/lib/ui-state';
import { useNow } from '@/lib/use-now';
import { newItems } from '../areas';
import { useMe } from '../auth/session';
import { AccountMenu } from './AccountMenu';
import { Logo } from './Logo';

/** "New item": only entries whose area exists and whose right the user holds; hidden when empty (APP-045..049). */
function NewItemMenu() {
  const { t } = useTranslation(ALL_NAMESPACES);
  const items = newItems(useMe().data);
  const navigate = useNavigate();
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} visibleFrom="xs">
          {t('header.newItem')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.id}
            component="a"
            href={item.href}
            onClick={(e) => {
              e.preventDefault();
              void navigate({ href: item.href });
            }}
            leftSection={<item.icon size={16} />}
          >
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The reminder button with the due count (REM-018). */
function ReminderButton() {
  const { t } = useTranslation();
  const reminders = useReminders();
  const now = useNow(30_000);
  const count = dueCount(reminders.data, now);
  const opened = useStore(reminderPanelState);
  // the count is kept in the settings model for the info bar (APP-094)
  const { value: infobar } = useUserParameter('infobar');
  const setInfobar = useLocalParameter('infobar');
  useEffect(() => {
    if (infobar.memoriesCount !== count) setInfobar({ ...infobar, memoriesCount: count });
  }, [count, infobar, setInfobar]);
  return (
    <Tooltip label={t('header.reminders')}>
      <Indicator label={count} size={18} disabled={count === 0} offset={6} color="red" data-testid="reminder-badge">
        <ActionIcon
          variant={opened ? 'filled' : 'subtle'}
          color={opened ? 'blue' : 'gray'}
          size="lg"
          radius="xl"
          aria-label={t('header.reminders')}
          onClick={() => reminderPanelState.set((o) => !o)}
          data-testid="reminder-button"
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** Menu toggle, logo to home, new item, reminders, account (APP-043, APP-044). */
export function Header({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label={t('header.toggleMenu')} data-testid="nav-toggle" />
        <UnstyledButton component={Link} to="/home" aria-label={`vario – ${t('header.home')}`} data-testid="logo">
          <Logo withText />
        </UnstyledButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ShellStatus />
        <NewItemMenu />
        <ReminderButton />
        <AccountMenu />
      </Group>
    </Group>
  );
}
