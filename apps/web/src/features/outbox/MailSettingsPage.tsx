import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { MAIL_PLATZHALTER, MAIL_SICHERHEIT, type MailVorlage, mailVorlageEingabe, smtpEinstellungenEingabe } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eagerSchema } from '@/components/form/eager-schema';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { PageHeader } from '@/components/PageHeader';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { api } from '@/lib/api/client';
import { notifySuccess } from '@/lib/api/error-handler';
import { queryClient } from '@/lib/query-client';
import { outboxKeys, useSmtp, useTemplates } from './api';

const smtpForm = eagerSchema(smtpEinstellungenEingabe);
const vorlageForm = eagerSchema(mailVorlageEingabe);

/** Administrator: the SMTP server (the password is never shown, only whether one is stored) and the templates per kind. */
export function MailSettingsPage() {
  const { t } = useTranslation('outbox');
  const smtp = useSmtp();
  const templates = useTemplates();
  const [editSmtp, setEditSmtp] = useState(false);
  const [vorlage, setVorlage] = useState<MailVorlage | null>(null);
  const s = smtp.data;
  const zeilen: [string, string][] = s
    ? [
        [t('mail.host'), s.host ?? '—'],
        [t('mail.port'), String(s.port)],
        [t('mail.sicherheit'), t(`mail.sicherheitWerte.${s.sicherheit}`)],
        [t('mail.benutzer'), s.benutzer ?? '—'],
        [t('mail.passwort'), s.passwortGesetzt ? '••••••' : '—'],
        [t('mail.absender'), s.absender ?? '—'],
      ]
    : [];
  return (
    <>
      <PageHeader title={t('mail.title')} subtitle={t('mail.subtitle')} />
      <Stack gap="lg" p="md" maw={900}>
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('mail.smtp')}
            </Title>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditSmtp(true)} disabled={!s} data-testid="smtp-edit">
              {t('mail.edit')}
            </Button>
          </Group>
          <Table data-testid="smtp-settings">
            <Table.Tbody>
              {zeilen.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th w={200}>{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('mail.templates')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('mail.placeholders', { list: MAIL_PLATZHALTER.map((p) => `{${p}}`).join(' ') })}
          </Text>
          <Table data-testid="mail-templates">
            <Table.Tbody>
              {(templates.data ?? []).map((v) => (
                <Table.Tr key={v.art}>
                  <Table.Th w={200}>{v.bezeichnung}</Table.Th>
                  <Table.Td>{v.betreff}</Table.Td>
                  <Table.Td w={140}>
                    <Button size="compact-sm" variant="light" onClick={() => setVorlage(v)} aria-label={t('mail.editTemplate', { name: v.bezeichnung })}>
                      {t('mail.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </Stack>
      {s && (
        <SchemaFormDialog
          opened={editSmtp}
          onClose={() => setEditSmtp(false)}
          title={t('mail.smtp')}
          schema={smtpForm}
          defaultValues={{ host: s.host ?? '', port: s.port, sicherheit: s.sicherheit, benutzer: s.benutzer, passwort: undefined, absender: s.absender ?? '' }}
          onSubmit={async (v) => {
            const res = await api('smtpSet', { body: { data: { ...v, passwort: v.passwort ? v.passwort : undefined } } });
            queryClient.setQueryData(outboxKeys.custom('smtp'), res.result);
            notifySuccess(t('mail.saved'));
            setEditSmtp(false);
          }}
        >
          <TextField name="host" label={t('mail.host')} />
          <NumberField name="port" label={t('mail.port')} min={1} max={65535} />
          <SelectField
            name="sicherheit"
            label={t('mail.sicherheit')}
            keepOrder
            data={MAIL_SICHERHEIT.map((v) => ({ value: v, label: t(`mail.sicherheitWerte.${v}`) }))}
          />
          <TextField name="benutzer" label={t('mail.benutzer')} />
          <TextField name="passwort" label={t('mail.passwort')} description={s.passwortGesetzt ? t('mail.passwortGesetzt') : undefined} />
          <TextField name="absender" label={t('mail.absender')} type="email" />
        </SchemaFormDialog>
      )}
      <SchemaFormDialog
        opened={!!vorlage}
        onClose={() => setVorlage(null)}
        title={t('mail.editTemplate', { name: vorlage?.bezeichnung ?? '' })}
        schema={vorlageForm}
        defaultValues={{ betreff: vorlage?.betreff ?? '', text: vorlage?.text ?? '' }}
        onSubmit={async (v) => {
          if (!vorlage) return;
          await api('mailVorlageSet', { params: { art: vorlage.art as never }, body: { data: v } });
          await queryClient.invalidateQueries({ queryKey: outboxKeys.custom('templates') });
          notifySuccess(t('mail.saved'));
          setVorlage(null);
        }}
      >
        <TextField name="betreff" label={t('send.betreff')} />
        <TextField name="text" label={t('send.text')} multiline rows={10} />
      </SchemaFormDialog>
    </>
  );
}
