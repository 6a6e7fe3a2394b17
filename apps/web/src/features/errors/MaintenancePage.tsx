import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconTool } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkServer } from '@/lib/api/client';

/** The error 503 page: maintenance or service unavailable (APP-019, HTTP-063). */
export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    const up = await checkServer();
    setBusy(false);
    if (up) void navigate({ to: '/home' });
  };
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange">
          <IconTool size={36} />
        </ThemeIcon>
        <Title order={2} data-testid="maintenance">
          {t('errors.maintenanceTitle')}
        </Title>
        <Text c="dimmed">{t('errors.maintenanceText')}</Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={retry} loading={busy}>
          {t('errors.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
