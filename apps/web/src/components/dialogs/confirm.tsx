import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '@/i18n';

/** The confirm dialog: resolves true on confirm, false on cancel or close. */
export function confirmDialog(opts: { title?: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title ?? i18n.t('dialogs.confirmTitle'),
      centered: true,
      children: <Text size="sm">{opts.message}</Text>,
      labels: { confirm: opts.confirmLabel ?? i18n.t('common.ok'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: opts.danger ? 'red' : undefined, 'data-testid': 'confirm-ok' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
