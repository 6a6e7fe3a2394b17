import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStore } from '@/lib/store';
import { loginDialogState } from '@/lib/ui-state';
import { LoginForm } from './LoginForm';

/** The persistent login dialog at the top of the screen after a 401; the page reloads after login (APP-015, HTTP-052). */
export function SessionDialog() {
  const { t } = useTranslation();
  const opened = useStore(loginDialogState);
  // closed, it draws nothing (a closed Modal still runs its hooks and transition on every screen's first render)
  if (!opened) return null;
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      yOffset="4vh"
      title={t('login.sessionTitle')}
      zIndex={3000}
      data-testid="session-dialog"
    >
      <Text size="sm" c="dimmed" mb="md">
        {t('login.sessionText')}
      </Text>
      <LoginForm onSuccess={() => window.location.reload()} />
    </Modal>
  );
}
