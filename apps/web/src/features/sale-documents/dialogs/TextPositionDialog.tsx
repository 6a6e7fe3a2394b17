import { Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { limitProps } from '@/components/form/text-limit';
import { handleApiError } from '@/lib/api/error-handler';

export interface TextPositionValues {
  bezeichnung: string;
  beschreibung: string | null;
}

/** The text-position dialog (BEL-009): title and description; a text line has no price and no quantity (BEL-023). */
export function TextPositionDialog({
  opened,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  initial?: TextPositionValues | null;
  onClose: () => void;
  onSave: (v: TextPositionValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('saleDocuments');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setTitle(initial?.bezeichnung ?? '');
    setText(initial?.beschreibung ?? '');
    setTouched(false);
  }, [opened, initial]);
  const missing = title.trim() === '';
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      await onSave({ bezeichnung: title.trim(), beschreibung: text.trim() || null });
      onClose();
    } catch (e) {
      handleApiError(e, { action: 'save' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      opened={opened}
      title={initial ? t('textPosition.titleChange') : t('textPosition.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      loading={busy}
    >
      <TextInput
        label={t('textPosition.heading')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        required
        {...limitProps(title, 200, { error: touched && missing ? t('textPosition.headingRequired') : undefined })}
        data-autofocus
        data-testid="text-position-title"
      />
      <Textarea
        label={t('textPosition.description')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={12}
        {...limitProps(text, 10_000)}
        data-testid="text-position-description"
      />
    </FormDialog>
  );
}
