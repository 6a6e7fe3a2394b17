import { Button, Card, Group, Stack, Table } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { DATEV_DEBITOR_REGELN, DATEV_KONTENRAHMEN, type DatevEinstellungen, datevEinstellungenEingabe } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eagerSchema } from '@/components/form/eager-schema';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { PageHeader } from '@/components/PageHeader';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { notifySuccess } from '@/lib/api/error-handler';
import { formatDecimal } from '@/lib/format';
import { saveDatevSettings, useDatevSettings } from './api';

/** The accounts as one flat form: the contract's settings with the account map spread into fields (konten.* on submit). */
const KONTO = datevEinstellungenEingabe.shape.konten.shape.bank;
const datevForm = eagerSchema(
  datevEinstellungenEingabe.omit({ konten: true }).extend({ erloese19: KONTO, erloese7: KONTO, erloese0: KONTO, bank: KONTO, kasse: KONTO, skonto: KONTO }),
);
const SAETZE = [
  ['erloese19', 1900],
  ['erloese7', 700],
  ['erloese0', 0],
] as const;

const erloes = (e: DatevEinstellungen, satz: number) => e.konten.erloese.find((k) => k.satz === satz)?.konto ?? '';

/** Administrator: what the DATEV export needs (adviser, client, chart of accounts, account length, debtor rule, accounts). */
export function DatevSettingsPage() {
  const { t } = useTranslation('outbox');
  const q = useDatevSettings();
  const [edit, setEdit] = useState(false);
  const e = q.data;
  const zeilen: [string, string][] = e
    ? [
        [t('datevSettings.beraternummer'), e.beraternummer === null ? '—' : String(e.beraternummer)],
        [t('datevSettings.mandantennummer'), e.mandantennummer === null ? '—' : String(e.mandantennummer)],
        [t('datevSettings.kontenrahmen'), e.kontenrahmen],
        [t('datevSettings.sachkontenlaenge'), String(e.sachkontenlaenge)],
        [t('datevSettings.debitorRegel'), t(`datevSettings.debitorRegeln.${e.debitorRegel}`)],
        [t('datevSettings.debitorBasis'), String(e.debitorBasis)],
        ...e.konten.erloese.map((k): [string, string] => [t('datevSettings.erloese', { rate: formatDecimal(k.satz / 100) }), k.konto]),
        [t('datevSettings.bank'), e.konten.bank],
        [t('datevSettings.kasse'), e.konten.kasse],
        [t('datevSettings.skonto'), e.konten.skonto],
      ]
    : [];
  return (
    <>
      <PageHeader title={t('datevSettings.title')} subtitle={t('datevSettings.subtitle')} />
      <Stack gap="lg" p="md" maw={900}>
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <span>{e ? t('datevSettings.wirtschaftsjahr', { month: e.wirtschaftsjahrBeginn }) : ''}</span>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEdit(true)} disabled={!e} data-testid="datev-settings-edit">
              {t('mail.edit')}
            </Button>
          </Group>
          <Table data-testid="datev-settings">
            <Table.Tbody>
              {zeilen.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th w={260}>{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </Stack>
      {e && (
        <SchemaFormDialog
          opened={edit}
          onClose={() => setEdit(false)}
          title={t('datevSettings.title')}
          schema={datevForm}
          defaultValues={{
            beraternummer: e.beraternummer ?? undefined,
            mandantennummer: e.mandantennummer ?? undefined,
            kontenrahmen: e.kontenrahmen,
            sachkontenlaenge: e.sachkontenlaenge,
            debitorRegel: e.debitorRegel,
            debitorBasis: e.debitorBasis,
            erloese19: erloes(e, 1900),
            erloese7: erloes(e, 700),
            erloese0: erloes(e, 0),
            bank: e.konten.bank,
            kasse: e.konten.kasse,
            skonto: e.konten.skonto,
          }}
          onSubmit={async (v) => {
            const { erloese19, erloese7, erloese0, bank, kasse, skonto, ...rest } = v;
            const werte = { erloese19, erloese7, erloese0 };
            const bu = (satz: number) => e.konten.erloese.find((k) => k.satz === satz)?.buSchluessel ?? null;
            await saveDatevSettings({
              ...rest,
              konten: { erloese: SAETZE.map(([f, satz]) => ({ satz, konto: werte[f], buSchluessel: bu(satz) })), bank, kasse, skonto },
            });
            notifySuccess(t('datevSettings.saved'));
            setEdit(false);
          }}
        >
          <NumberField name="beraternummer" label={t('datevSettings.beraternummer')} />
          <NumberField name="mandantennummer" label={t('datevSettings.mandantennummer')} />
          <SelectField name="kontenrahmen" label={t('datevSettings.kontenrahmen')} keepOrder data={DATEV_KONTENRAHMEN.map((v) => ({ value: v, label: v }))} />
          <NumberField name="sachkontenlaenge" label={t('datevSettings.sachkontenlaenge')} min={4} max={8} />
          <SelectField
            name="debitorRegel"
            label={t('datevSettings.debitorRegel')}
            keepOrder
            data={DATEV_DEBITOR_REGELN.map((v) => ({ value: v, label: t(`datevSettings.debitorRegeln.${v}`) }))}
          />
          <NumberField name="debitorBasis" label={t('datevSettings.debitorBasis')} />
          {SAETZE.map(([f, satz]) => (
            <TextField key={f} name={f} label={t('datevSettings.erloese', { rate: formatDecimal(satz / 100) })} />
          ))}
          <TextField name="bank" label={t('datevSettings.bank')} />
          <TextField name="kasse" label={t('datevSettings.kasse')} />
          <TextField name="skonto" label={t('datevSettings.skonto')} />
        </SchemaFormDialog>
      )}
    </>
  );
}
