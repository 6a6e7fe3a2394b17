import { Textarea } from '@mantine/core';
import type { ServiceAktionArt } from '@vario/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { limitProps } from '@/components/form/text-limit';
import { type ServiceStepIds, sendServiceStep, stepDone } from '../api';
import { checkRemark } from '../rules';
import { useStepForm } from '../ui/use-step-form';

/**
 * A step with a remark: reject, abort (return the call), end duty, phone completed. `required` steps need a trimmed
 * non-empty remark (SVC-040, 'Es muss eine Bemerkung eingegeben werden!').
 */
export function RemarkDialog({
  opened,
  onClose,
  title,
  art,
  ids,
  required,
  submitLabel,
  doneText,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  art: ServiceAktionArt;
  ids: ServiceStepIds;
  required: boolean;
  submitLabel: string;
  doneText: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('service');
  const form = useStepForm(() => ({ bemerkung: '' }));
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  const submit = async () => {
    const ok = await form.submit(
      (v) => ({ bemerkung: required && checkRemark(v.bemerkung) ? t('check.remarkRequired') : undefined }),
      (v) => sendServiceStep(art, ids, { bemerkung: v.bemerkung.trim() || null }),
      ['bemerkung'],
    );
    if (ok) {
      stepDone(ok, doneText);
      onClose();
      onDone?.();
    }
  };
  return (
    <FormDialog opened={opened} onClose={onClose} title={title} onSubmit={() => void submit()} loading={form.loading} submitLabel={submitLabel}>
      <Textarea
        label={t('dialog.remark')}
        required={required}
        value={form.values.bemerkung}
        onChange={(e) => form.set('bemerkung', e.currentTarget.value)}
        autosize
        minRows={3}
        {...limitProps(form.values.bemerkung, 2000, { error: form.errors.bemerkung })}
        data-autofocus
        data-testid="field-bemerkung"
      />
    </FormDialog>
  );
}
