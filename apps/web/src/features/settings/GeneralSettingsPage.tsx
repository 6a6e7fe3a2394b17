import { Button, Card, Divider, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { APP_BUILD_DATE, APP_VERSION, PASSWORT_MIN } from '@vario/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from '@/app/auth/session';
import { useColorMode } from '@/app/layout/use-color-mode';
import { PageHeader } from '@/components/PageHeader';
import { notifySuccess } from '@/lib/api/error-handler';
import { ApiError } from '@/lib/api/errors';
import { tokenStore } from '@/lib/api/token';
import { queryClient } from '@/lib/query-client';
import { useChangePassword, useSaveUserParameter, useUserParameter } from './api';
import { DensityRow } from './DensityRow';
import { SettingRow } from './SettingRow';

const MIN_PASSWORD_LENGTH = PASSWORT_MIN;

type PasswordErrors = { altesPasswort?: string; neuesPasswort?: string };

/**
 * Own password: the current one and the new one (at least 8 characters, APP-088). A too short new password is not
 * sent; the server's refusals (wrong current password, the current one again, the login name) show at their field.
 */
function PasswordCard() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const change = useChangePassword();
  const [altesPasswort, setAltes] = useState('');
  const [neuesPasswort, setNeues] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: PasswordErrors = {};
    if (!altesPasswort) local.altesPasswort = t('currentPasswordMissing');
    if (neuesPasswort.length < MIN_PASSWORD_LENGTH) local.neuesPasswort = t('passwordTooShort', { count: MIN_PASSWORD_LENGTH });
    setErrors(local);
    if (local.altesPasswort || local.neuesPasswort) return;
    change.mutate(
      { altesPasswort, neuesPasswort },
      {
        onSuccess: () => {
          notifySuccess(t('passwordChanged'));
          tokenStore.clear();
          queryClient.clear();
          void navigate({ to: '/auth/login' });
        },
        onError: (err) => {
          const fe = err instanceof ApiError ? err.fieldErrors : {};
          setErrors({ altesPasswort: fe.altesPasswort?.[0], neuesPasswort: fe.neuesPasswort?.[0] });
        },
      },
    );
  };
  return (
    <Card padding="lg">
      <Title order={2} size="h4" mb="xs">
        {t('password')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <PasswordInput
            label={t('currentPassword')}
            value={altesPasswort}
            onChange={(e) => setAltes(e.currentTarget.value)}
            error={errors.altesPasswort}
            autoComplete="current-password"
            style={{ flex: 1, minWidth: 200 }}
            data-testid="old-password"
          />
          <PasswordInput
            label={t('newPassword')}
            description={t('newPasswordHint', { count: MIN_PASSWORD_LENGTH })}
            value={neuesPasswort}
            onChange={(e) => setNeues(e.currentTarget.value)}
            error={errors.neuesPasswort}
            autoComplete="new-password"
            style={{ flex: 1, minWidth: 200 }}
            data-testid="new-password"
          />
        </Group>
        <Group justify="flex-end" mt="sm">
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
          <Title order={2} size="h4" mb="xs">
            {t('appearance')}
          </Title>
          <SettingRow label={t('darkMode')} description={t('darkModeText')} checked={dark} onChange={setDark} testId="setting-dark" />
          <Divider />
          <DensityRow />
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
