import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/errors';

/**
 * A position write the server could not compute (the document changed meanwhile, 409, or a server failure): the
 * simulation-failed dialog asks to reload and try again (BEL-049). Other refusals (validation, rights, status) are
 * passed on to the list's error notice.
 */
export function usePositionFailure() {
  const { t } = useTranslation('saleDocuments');
  const [failed, setFailed] = useState<string | null>(null);
  const guard = async <R,>(write: () => Promise<R>): Promise<R> => {
    try {
      return await write();
    } catch (e) {
      if (isApiError(e) && (e.status === 409 || e.status >= 500)) {
        setFailed(e.serverMessage ?? '');
        return undefined as R;
      }
      throw e;
    }
  };
  const dialog = (
    <Modal
      opened={failed !== null}
      onClose={() => setFailed(null)}
      title={t('simulation.title')}
      closeButtonProps={{ 'aria-label': t('simulation.close') }}
      data-testid="simulation-failed"
    >
      <Stack gap="md">
        <Text size="sm">{t('simulation.text')}</Text>
        {failed && (
          <Text size="sm" c="red">
            {failed}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setFailed(null)}>
            {t('simulation.close')}
          </Button>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()} data-testid="simulation-reload">
            {t('simulation.reload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { guard, dialog };
}
