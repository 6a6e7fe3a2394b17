import { Button, Card, Divider, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { APP_BUILD_DATE, APP_VERSION } from '@vario/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '@/app/auth/session';
import { useColorMode } from '@/app/layout/use-color-mode';
import { PageHeader } from '@/components/PageHeader';
import { notifySuccess } from '@/lib/api/error-handler';
import { tokenStore } from '@/lib/api/token';
import { queryClient } from '@/lib/query-client';
import { useChangePassword, useSaveUserParameter, useUserParameter } from './api';
import { SettingRow } from './SettingRow';

export const MIN_PASSWORD_LENGTH = 4;

function PasswordCard() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  /** Sent only when longer than 3 characters; otherwise nothing happens and no message shows (APP-088). */
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return;
    change.mutate(password, {
      onSuccess: () => {
        notifySuccess(t('passwordChanged'));
        tokenStore.clear();
        queryClient.clear();
        void navigate({ to: '/auth/login' });
      },
    });
  };
  return (
    <Card padding="lg">
      <Title order={4} mb="xs">
        {t('password')}
      </Title>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <PasswordInput
            label={t('newPassword')}
            description={t('newPasswordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
            style={{ flex: 1, minWidth: 220 }}
            data-testid="new-password"
          />
          <Button type="submit" leftSection={<IconKey size={16} />} loading={change.isPending} data-testid="change-password">
            {t('changePassword')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** /settings/general: password (show/hide), dark mode, dense info bar, cookie banner, labels (APP-085..098). */
export function GeneralSettingsPage() {
  const { t } = useTranslation('settings');
  const { dark, setDark } = useColorMode();
  const infobar = useUserParameter('infobar');
  const saveInfobar = useSaveUserParameter('infobar');
  const cookie = useUserParameter('cookieBanner');
  const saveCookie = useSaveUserParameter('cookieBanner');
  const info = useSystemInfo().data;
  return (
    <>
      <PageHeader title={t('general')} subtitle={t('generalText')} back={{ to: '/settings', label: t('title') }} />
      <Stack gap="md" maw={760}>
        <PasswordCard />
        <Card padding="lg">
          <Title order={4} mb="xs">
            {t('appearance')}
          </Title>
          <SettingRow label={t('darkMode')} description={t('darkModeText')} checked={dark} onChange={setDark} testId="setting-dark" />
          <Divider />
          <SettingRow
            label={t('denseInfobar')}
            description={t('denseInfobarText')}
            checked={infobar.value.dense}
            onChange={(dense) => saveInfobar.mutate({ ...infobar.value, dense })}
            testId="setting-dense"
          />
          <Divider />
          <SettingRow
            label={t('cookieBanner')}
            description={t('cookieBannerText')}
            checked={cookie.value}
            onChange={(v) => saveCookie.mutate(v)}
            testId="setting-cookie"
          />
        </Card>
        <Card padding="lg">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('apiPassword')}
              </Text>
              <Text size="sm">{t('apiPasswordValue')}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('versions')}
              </Text>
              <Text size="sm">
                {APP_VERSION} ({APP_BUILD_DATE}) · DB {info?.datenbankVersion ?? '–'} · Server {info?.serverVersion ?? '–'}
              </Text>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </>
  );
}
