import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconBuildingWarehouse, IconCalendar, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardWidgets, homeSections, mayOpen, tileEntries } from '@/app/areas';
import { useMe } from '@/app/auth/session';
import { useStorageRegion } from '@/app/layout/use-storage-region';
import { WidgetGrid } from '@/components/dashboard/WidgetGrid';
import { SectionTitle } from '@/components/SectionTitle';
import { isDue, useReminders } from '@/features/reminders/api';
import { useUserParameter } from '@/features/settings/api';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { formatDate, formatTime } from '@/lib/format';
import { itemEnabled } from '@/lib/item-settings';
import { useUsageParameters } from '@/lib/reference-data';
import { reminderPanelState } from '@/lib/ui-state';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import classes from './HomePage.module.css';

function InfoBar({ dense, due }: { dense: boolean; due: number }) {
  const { t } = useTranslation('home');
  const storage = useStorageRegion();
  const items = [
    { icon: IconCalendar, text: formatDate(new Date()) },
    { icon: IconBuildingWarehouse, text: t('storageRegion', { name: storage.region?.name ?? '–' }) },
    { icon: IconBell, text: t('dueCount', { count: due }) },
  ];
  return (
    <Paper withBorder p={dense ? 'xs' : 'md'} data-testid="infobar" data-dense={dense || undefined}>
      <Group gap={dense ? 'lg' : 'xl'} wrap="wrap" style={{ rowGap: 6 }}>
        {items.map((i) => (
          <Group key={i.text} gap={8} wrap="nowrap">
            <ThemeIcon size={dense ? 'sm' : 'lg'} variant="light" radius="md">
              <i.icon size={dense ? 14 : 20} />
            </ThemeIcon>
            <Text size={dense ? 'xs' : 'sm'} fw={500} style={{ whiteSpace: 'nowrap' }}>
              {i.text}
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}

/** /home: greeting, info bar, due reminders and a tile per area the user may open (APP-012). */
export function HomePage() {
  const { t } = useTranslation('home');
  const menu = useTranslation(ALL_NAMESPACES).t;
  const me = useMe().data;
  const now = useNow(60_000);
  const reminders = useReminders();
  const { value: dashboard } = useUserParameter('dashboard');
  const { value: infobar } = useUserParameter('infobar');
  const due = (reminders.data ?? []).filter((r) => isDue(r, now));
  const hour = now.hour();
  const greeting = hour < 11 ? 'morning' : hour < 18 ? 'day' : 'evening';
  const usage = useUsageParameters().data;
  const region = useStorageRegion().region;
  const tiles = tileEntries().filter((a) => mayOpen(me, a, usage, region) && itemEnabled(dashboard, a.id));
  const widgets = dashboardWidgets(me).filter((w) => itemEnabled(dashboard, w.id));
  const name = me?.benutzer.name.split(' ')[0] ?? '';
  useDocumentTitle(t('menu.nav'));

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2" data-testid="greeting">
          {t(greeting, { name })}
        </Title>
        <Text c="dimmed">{t('subtitle', { date: now.format('dddd, DD.MM.YYYY') })}</Text>
      </Stack>
      {homeSections(me).map((h) => (
        <Suspense key={h.id} fallback={null}>
          <h.component />
        </Suspense>
      ))}
      {itemEnabled(dashboard, 'infobar') && <InfoBar dense={infobar.dense} due={infobar.memoriesCount ?? due.length} />}
      {itemEnabled(dashboard, 'due') && (
        <Card padding="lg" data-testid="due-reminders">
          <Group justify="space-between" mb="sm">
            <Group gap="xs">
              <SectionTitle size="h4">{t('dueTitle')}</SectionTitle>
              {due.length > 0 && <Badge color="orange">{due.length}</Badge>}
            </Group>
            <Button variant="subtle" size="xs" rightSection={<IconChevronRight size={14} />} onClick={() => reminderPanelState.set(true)}>
              {t('showAll')}
            </Button>
          </Group>
          {due.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('dueNone')}
            </Text>
          ) : (
            <Stack gap={6}>
              {due.map((r) => (
                <Group key={r.id} gap="sm" wrap="nowrap">
                  <Badge variant="light" color="orange" style={{ flexShrink: 0 }}>
                    {formatTime(r.erinnerungDatum)}
                  </Badge>
                  <Text size="sm" truncate>
                    {r.bemerkung}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      )}
      {widgets.length > 0 && <WidgetGrid widgets={widgets} />}
      {tiles.length > 0 && (
        <Stack gap="sm">
          <SectionTitle size="h4">{t('areas')}</SectionTitle>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
            {tiles.map((a) => (
              <Paper key={a.id} component={Link} to={a.to} withBorder className={classes.tile} data-testid={`tile-${a.id}`}>
                <ThemeIcon size={48} radius="md" variant="light">
                  <a.icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{menu(a.label)}</Text>
                  {a.tile && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {menu(a.tile)}
                    </Text>
                  )}
                </Stack>
                <IconChevronRight size={18} className={classes.chevron} />
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
