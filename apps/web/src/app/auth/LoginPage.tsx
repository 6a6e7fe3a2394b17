import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { APP_BUILD_DATE, APP_VERSION } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { Logo } from '../layout/Logo';
import { LoginForm } from './LoginForm';

/** /auth/login; after login back to the remembered path (APP-013, APP-022). */
export function LoginPage() {
  const { t } = useTranslation();
  const { redirect } = useSearch({ from: '/auth/login' });
  const router = useRouter();
  const navigate = useNavigate();
  useDocumentTitle(t('login.title'));
  const done = () => {
    if (redirect?.startsWith('/') && !redirect.startsWith('/auth/login')) router.history.push(redirect);
    else void navigate({ to: '/home' });
  };
  return (
    <Box
      mih="100dvh"
      p="md"
      style={{
        background:
          'radial-gradient(circle at 15% 20%, light-dark(var(--mantine-color-blue-1), rgba(34,139,230,0.18)), transparent 45%), radial-gradient(circle at 85% 80%, light-dark(var(--mantine-color-cyan-1), rgba(21,170,191,0.12)), transparent 40%), light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))',
      }}
    >
      <Center mih="calc(100dvh - 2 * var(--mantine-spacing-md))">
        <Stack w="100%" maw={400} gap="lg">
          <Group component="header" justify="center">
            <Logo size={44} withText />
          </Group>
          <Paper component="main" withBorder shadow="md" p="xl" radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={1} size="h3">
                {t('login.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('login.subtitle')}
              </Text>
            </Stack>
            <LoginForm onSuccess={done} />
          </Paper>
          <Group component="footer" justify="space-between">
            <Text size="xs" c="dimmed">
              {t('app.version', { version: APP_VERSION, build: APP_BUILD_DATE })}
            </Text>
            <LanguageSwitch />
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
