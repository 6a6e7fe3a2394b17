import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type MailEntwurf, mailSenden } from '@vario/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { eagerSchema } from '@/components/form/eager-schema';
import { TextField } from '@/components/form/fields';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { notifySuccess } from '@/lib/api/error-handler';
import { fetchMailDraft, type MailSource, sendMail } from './api';

/** The dialog's form: the contract's send body with the recipients as comma-separated text (split on submit). */
const addresses = z.string().max(5000);
const mailForm = eagerSchema(mailSenden.extend({ an: addresses.min(1), cc: addresses.optional() }));
const split = (s: string) =>
  s
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean);

/**
 * "Send by e-mail" (issue 24 item 8): recipient, copy, subject and text prefilled from the server's draft (the
 * address's e-mail, the type's template filled with the document's fields), all editable; the attachment is named.
 * Sending queues the mail (202); the server refuses an invalid address on its field.
 */
export function SendMailDialog({ source, title, opened, onClose }: { source: MailSource; title: ReactNode; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('outbox');
  const draft = useQuery({ queryKey: ['outbox', 'draft', source.kind, source.id], queryFn: () => fetchMailDraft(source), enabled: opened, gcTime: 0 });
  const d: MailEntwurf | undefined = draft.data;
  return (
    <SchemaFormDialog
      key={d ? 'ready' : 'loading'}
      opened={opened && !!d}
      onClose={onClose}
      title={title}
      schema={mailForm}
      defaultValues={{ an: d?.an.join(', ') ?? '', cc: d?.cc.join(', ') ?? '', betreff: d?.betreff ?? '', text: d?.text ?? '' }}
      submitLabel={t('send.submit')}
      onSubmit={async (v) => {
        await sendMail(source, { an: split(v.an), cc: split(v.cc ?? ''), betreff: v.betreff, text: v.text });
        notifySuccess(t('send.queued'));
        onClose();
      }}
    >
      {d && !d.eingerichtet && (
        <Alert color="yellow" data-testid="mail-not-configured">
          {t('send.notConfigured')}
        </Alert>
      )}
      <TextField name="an" label={t('send.an')} description={t('send.addressesHint')} />
      <TextField name="cc" label={t('send.cc')} />
      <TextField name="betreff" label={t('send.betreff')} />
      <TextField name="text" label={t('send.text')} multiline rows={8} />
      {d && d.anhaenge.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="mail-attachments">
          {t('send.attachments', { names: d.anhaenge.map((a) => a.name).join(', ') })}
        </Text>
      )}
    </SchemaFormDialog>
  );
}
