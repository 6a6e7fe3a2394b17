import { ActionIcon, Burger, Group, Indicator, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnIntent } from '@/components/on-intent';
import { dueCount, useReminders } from '@/features/reminders/api';
import { GlobalSearch } from '@/features/search/GlobalSearch';
import { ShellStatus } from '@/features/service/offline/ShellStatus';
import { useLocalParameter, useUserParameter } from '@/features/settings/api';
import { useMediaMatch } from '@/lib/media';
import { useUsageParameters } from '@/lib/reference-data';
import { useStore } from '@/lib/store';
import { reminderPanelState } from '@/lib/ui-state';
import { useNow } from '@/lib/use-now';
import { newItems } from '../areas';
import { useMe } from '../auth/session';
import { AccountButton } from './AccountButton';
import { Logo } from './Logo';
import { NewItemButton } from './NewItemButton';

const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));
const loadNewItemMenu = () => import('./NewItemMenu');
const NewItemMenu = lazy(() => loadNewItemMenu().then((m) => ({ default: m.NewItemMenu })));

/** The account menu: its button at once, the menu's code when the user reaches for it (APP-074..076). */
function AccountSlot() {
  const { open, intent } = useOnIntent(loadAccountMenu);
  if (!open) return <AccountButton {...intent} />;
  return (
    <Suspense fallback={<AccountButton />}>
      <AccountMenu defaultOpened />
    </Suspense>
  );
}

/** "New item": only entries whose area exists and whose right the user holds; hidden when empty (APP-045..049). */
function NewItemSlot() {
  const { open, intent } = useOnIntent(loadNewItemMenu);
  const usage = useUsageParameters().data;
  if (newItems(useMe().data, usage).length === 0) return null;
  if (!open) return <NewItemButton {...intent} />;
  return (
    <Suspense fallback={<NewItemButton />}>
      <NewItemMenu defaultOpened />
    </Suspense>
  );
}

/** The reminder button with the due count (REM-018). */
function ReminderButton() {
  const { t } = useTranslation();
  const reminders = useReminders();
  // redrawn every 30 s and whenever the reminders change; counted against the time of drawing, so a reminder created
  // for "in 15 minutes" counts at once and not only at the next tick
  useNow(30_000);
  const count = dueCount(reminders.data, dayjs());
  const opened = useStore(reminderPanelState);
  // the count is kept in the settings model for the info bar (APP-094)
  const { value: infobar } = useUserParameter('infobar');
  const setInfobar = useLocalParameter('infobar');
  useEffect(() => {
    if (infobar.memoriesCount !== count) setInfobar({ ...infobar, memoriesCount: count });
  }, [count, infobar, setInfobar]);
  return (
    <Indicator label={count} size={18} disabled={count === 0} offset={6} color="red" data-testid="reminder-badge">
      <ActionIcon
        variant={opened ? 'filled' : 'subtle'}
        color={opened ? 'blue' : 'gray'}
        size="lg"
        radius="xl"
        aria-label={t('header.reminders')}
        title={t('header.reminders')}
        onClick={() => reminderPanelState.set((o) => !o)}
        data-testid="reminder-button"
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}

/** Menu toggle, logo to home, global search, new item, reminders, account (APP-043, APP-044, SRCH-001). */
export function Header({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  // a phone's header keeps the mark without its name, so that the search field has room
  const phone = useMediaMatch('(max-width: 48em)');
  return (
    <Group h="100%" px={phone ? 'xs' : 'md'} gap={phone ? 6 : 'md'} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label={t('header.toggleMenu')} data-testid="nav-toggle" />
        <UnstyledButton component={Link} to="/home" aria-label={`vario – ${t('header.home')}`} data-testid="logo">
          <Logo withText={!phone} />
        </UnstyledButton>
      </Group>
      <GlobalSearch />
      <Group gap={phone ? 2 : 'xs'} wrap="nowrap">
        <ShellStatus />
        <NewItemSlot />
        <ReminderButton />
        <AccountSlot />
      </Group>
    </Group>
  );
}
