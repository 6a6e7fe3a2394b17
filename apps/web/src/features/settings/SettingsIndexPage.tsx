import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronRight, IconKey, IconLayoutDashboard, IconLayoutSidebar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';

const CARDS = [
  { id: 'password', to: '/settings/general', icon: IconKey, title: 'password', text: 'passwordText' },
  { id: 'navbar', to: '/settings/navbar', icon: IconLayoutSidebar, title: 'navbar', text: 'navbarText' },
  { id: 'dashboard', to: '/settings/dashboard', icon: IconLayoutDashboard, title: 'dashboard', text: 'dashboardText' },
  // the company's seller data and the e-invoice check (administrators only, issue 24)
  { id: 'seller', to: '/settings/seller', icon: IconBuildingStore, title: 'seller.title', text: 'seller.cardText', adminOnly: true },
] as const;

/** /settings: cards for password, navigation bar and dashboard (APP-084). */
export function SettingsIndexPage() {
  const { t } = useTranslation('settings');
  const admin = !!useMe().data?.benutzer.istAdmin;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {CARDS.filter((c) => !('adminOnly' in c) || admin).map((c) => (
          <UnstyledButton key={c.id} component={Link} to={c.to} data-testid={`settings-card-${c.id}`}>
            <Card padding="lg" h="100%" style={{ cursor: 'pointer' }}>
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon size={44} radius="md" variant="light">
                  <c.icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={4} style={{ flex: 1 }}>
                  <Text fw={600}>{t(c.title)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(c.text)}
                  </Text>
                </Stack>
                <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </>
  );
}
