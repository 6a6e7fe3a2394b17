import { Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formKeyHandler, useFocusFirstField } from '@/components/form/keyboard';

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

/**
 * Form dialogs: Enter saves, Escape closes, 40 rem wide, 150 ms slide (APP-069..072). Enter in a text area is a new line,
 * Ctrl/⌘+Enter saves from there too; the dialog opens in its first field (issue 20 item 4, `form/keyboard.ts`).
 */
export function FormDialog({ opened, title, onClose, onSubmit, ready = true, loading = false, submitLabel, children }: FormDialogProps) {
  const { t } = useTranslation();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (ready && !loading) onSubmit();
  };
  const onKeyDown = formKeyHandler({ active: true, onSave: () => submit() });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstField(formRef, opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="40rem"
      closeOnEscape
      closeButtonProps={{ 'aria-label': t('common.close') }}
      transitionProps={{ transition: 'slide-up', duration: 150 }}
      fullScreen={false}
    >
      <form ref={formRef} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('common.cancel')}
            </Button>
            {/* pressing save leaves the focus in its field: no blur check of that field runs beside the save's check of the
                whole form (react-hook-form then drops a cross-field error of the save, e.g. a customer price's missing price) */}
            <Button type="submit" loading={loading} disabled={!ready} onMouseDown={(e) => e.preventDefault()} data-testid="form-dialog-save">
              {submitLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
