import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconLogin, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { APP_VERSION } from '@vario/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkServer } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { login } from './session';

export const SERVER_CHECK_MS = 10_000;

type Banner = 'errorUnauthorized' | 'errorInternal' | 'errorUnknown';

/** The login form of the page and the persistent dialog: availability check, disabled button, error banner (APP-033..040). */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  // an empty field is named at the field when the form is sent (issue 9 item 10)
  const [tried, setTried] = useState(false);
  const userError = tried && !user.trim() ? t('errors.required') : null;
  const passwordError = tried && !password ? t('errors.required') : null;
  const online = useQuery({ queryKey: ['loginCheck'], queryFn: checkServer, refetchInterval: SERVER_CHECK_MS, staleTime: 0, meta: { silent: true } });
  const offline = online.data === false;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || offline) return;
    setTried(true);
    if (!user.trim() || !password) return;
    setBusy(true);
    setBanner(null);
    try {
      const outcome = await login(user.trim(), password);
      if (outcome.kind === 'noLicence') {
        modals.open({ title: t('dialogs.licenceTitle'), children: t('dialogs.licenceText'), centered: true });
        return;
      }
      if (outcome.versionMismatch) {
        modals.openConfirmModal({
          title: t('dialogs.versionTitle'),
          children: t('dialogs.versionText', { app: APP_VERSION, db: outcome.versionMismatch }),
          labels: { confirm: t('common.ok'), cancel: t('common.close') },
          centered: true,
          onConfirm: onSuccess,
          onCancel: onSuccess,
        });
        return;
      }
      onSuccess();
    } catch (err) {
      const status = isApiError(err) ? err.status : -1;
      setBanner(status === 401 ? 'errorUnauthorized' : status === 500 ? 'errorInternal' : 'errorUnknown');
      if (status === 0) void online.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {banner && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} withCloseButton onClose={() => setBanner(null)} role="alert">
            {t(`login.${banner}`)}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          data-testid="login-user"
          autoComplete="username"
          value={user}
          onChange={(e) => setUser(e.currentTarget.value)}
          error={userError}
          required
          autoFocus
        />
        <PasswordInput
          label={t('login.password')}
          data-testid="login-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={passwordError}
          required
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={busy}
          disabled={offline || busy}
          color={offline ? 'gray' : undefined}
          leftSection={offline ? <IconPlugConnectedX size={18} /> : <IconLogin size={18} />}
        >
          {offline ? t('login.serverOffline') : t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
