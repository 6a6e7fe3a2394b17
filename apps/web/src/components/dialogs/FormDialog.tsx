import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  /** Saving only when the form is ready and not loading (APP-071). */
  ready?: boolean;
  loading?: boolean;
  submitLabel?: string;
  children: ReactNode;
}

/** Form dialogs: Enter saves, Escape closes, 40 rem wide, 150 ms slide (APP-069..072). Shift+Enter keeps a new line in text areas. */
export function FormDialog({ opened, title, onClose, onSubmit, ready = true, loading = false, submitLabel, children }: FormDialogProps) {
  const { t } = useTranslation();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (ready && !loading) onSubmit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && (e.target as HTMLElement).tagName === 'TEXTAREA') submit(e);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="40rem"
      closeOnEscape
      transitionProps={{ transition: 'slide-up', duration: 150 }}
      fullScreen={false}
    >
      <form onSubmit={submit} onKeyDown={onKeyDown} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={loading} disabled={!ready} data-testid="form-dialog-save">
              {submitLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
