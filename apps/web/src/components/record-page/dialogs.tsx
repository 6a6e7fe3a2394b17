import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formKeyHandler } from '@/components/form/keyboard';
import { i18n } from '@/i18n';

export type LeaveChoice = 'save' | 'discard' | 'stay';

/** The unsaved-data warning: save, discard and leave, or stay (APP-063). */
export function leaveDialog(): Promise<LeaveChoice> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (choice: LeaveChoice) => {
      if (done) return;
      done = true;
      modals.close('record-leave');
      resolve(choice);
    };
    modals.open({
      modalId: 'record-leave',
      title: i18n.t('dialogs.unsavedTitle'),
      centered: true,
      onClose: () => finish('stay'),
      children: (
        <Stack gap="md">
          <Text size="sm">{i18n.t('dialogs.unsavedText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => finish('stay')} data-testid="leave-stay">
              {i18n.t('common.cancel')}
            </Button>
            <Button variant="light" color="red" onClick={() => finish('discard')} data-testid="leave-discard">
              {i18n.t('record.discardAndLeave')}
            </Button>
            <Button onClick={() => finish('save')} data-testid="leave-save">
              {i18n.t('common.save')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}

/** A change remark is required: trimmed and not empty (ADR-018). */
export const validRemark = (text: string) => text.trim().length > 0;

function RemarkForm({ onDone }: { onDone: (remark: string | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = !validRemark(text);
  const submit = () => {
    setTouched(true);
    if (!invalid) onDone(text.trim());
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Textarea
          label={t('record.remarkLabel')}
          description={t('record.remarkHint')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          // Enter is a new line, Ctrl/⌘+Enter confirms (issue 20 item 4)
          onKeyDown={formKeyHandler({ active: true, onSave: submit })}
          error={touched && invalid ? t('record.remarkRequired') : undefined}
          autosize
          minRows={3}
          required
          data-autofocus
          data-testid="remark-input"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="remark-ok">
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the change remark (ADR-017, ADR-018); null when cancelled. */
export function askRemark(): Promise<string | null> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (remark: string | null) => {
      if (done) return;
      done = true;
      modals.close('record-remark');
      resolve(remark);
    };
    modals.open({
      modalId: 'record-remark',
      title: i18n.t('record.remarkTitle'),
      size: '40rem',
      transitionProps: { transition: 'slide-up', duration: 150 },
      onClose: () => finish(null),
      children: <RemarkForm onDone={finish} />,
    });
  });
}
