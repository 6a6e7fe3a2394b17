import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseEarly } from '@/lib/api/early';

/**
 * Any unknown path: "Sorry, nothing here...(404)" and "Go back" to the root (APP-016, APP-017). It needs none of the
 * calls index.html started early for a signed-in user: they are let go, so the page's requests end.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(releaseEarly, []);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Title order={1} fz={96} fw={800} c="blue.6" lh={1} style={{ letterSpacing: '-0.04em' }}>
          404
        </Title>
        <Title order={2} size="h3" data-testid="not-found">
          {t('errors.notFoundPage')}
        </Title>
        <Text c="dimmed">{t('errors.notFoundText')}</Text>
        <Button leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate({ to: '/' })} data-testid="go-back">
          {t('errors.goBack')}
        </Button>
      </Stack>
    </Center>
  );
}
