import { Anchor, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { FormCard } from '@/components/form/FormCard';
import { DateField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { formatDate } from '@/lib/format';
import { formatNumberInput } from '@/lib/parse';
import { useDocumentLabels } from '../labels';
import { useDocumentFromRoute } from '../use-document';
import { AddressIdField, AddressLink } from './AddressIdField';

/** documentHead (BEL-004, BEL-018, BEL-019): main data, billing and delivery address, dates, terms, responsible user, project, order number. */
export function HeadTab() {
  const { t } = useTranslation('saleDocuments');
  const { doc } = useDocumentFromRoute();
  const labels = useDocumentLabels();
  const base = useBasisdaten().data;
  const users = (base?.benutzer ?? []).filter((u) => u.id > 0).map((u) => ({ value: String(u.id), label: `${u.kuerzel} – ${u.name}` }));
  const payments = (base?.zahlungsarten ?? []).map((z) => ({ value: String(z.id), label: z.bezeichnung }));
  const deliveries = (base?.lieferbedingungen ?? []).map((l) => ({ value: String(l.id), label: l.bezeichnung }));
  const shown = (label: string, value: string, testId?: string) => <TextInput label={label} value={value} readOnly variant="filled" data-testid={testId} />;

  return (
    <Stack gap="md" data-testid="document-head">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.main')}>
          {shown(t('f.belegnummer'), doc?.belegnummer ?? '', 'head-belegnummer')}
          {shown(t('f.belegart'), labels.type(doc?.belegart), 'head-belegart')}
          <DateField name="belegdatum" label={t('f.belegdatum')} />
          {shown(t('f.belegstatus'), labels.status(doc?.belegstatus, true), 'head-belegstatus')}
          <TextField name="betreff" label={t('f.betreff')} />
          <SwitchField name="freigabe" label={t('f.freigabe')} />
        </FormCard>
        <FormCard title={t('cards.addresses')}>
          <AddressLink label={t('f.adresseId')} id={doc?.adresseId ?? null} testId="head-address" />
          <span />
          <AddressIdField name="rechnungsadresseId" label={t('f.rechnungsadresseId')} adresseId={doc?.adresseId ?? null} art="RECHNUNGSADRESSE" />
          <AddressIdField name="lieferadresseId" label={t('f.lieferadresseId')} adresseId={doc?.adresseId ?? null} art="LIEFERADRESSE" />
          {/* GoBD (issue 19 item 8): the other end of a cancellation */}
          {doc?.stornoBezug ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {doc.stornoVonId ? t('storno.von') : t('storno.durch')}
              </Text>
              <Anchor component={Link} to={`/saleDocument/${doc.stornoBezug.id}/documentHead`} size="sm" data-testid="head-storno">
                {labels.doc(doc.stornoBezug)}
              </Anchor>
            </Stack>
          ) : null}
        </FormCard>
        <FormCard title={t('cards.dates')}>
          <DateField name="liefertermin" label={t('f.liefertermin')} />
          <SwitchField name="fixtermin" label={t('f.fixtermin')} />
          <DateField name="auftragsDatum" label={t('f.auftragsDatum')} />
          {shown(t('f.benutzer'), doc ? `${doc.benutzer ?? ''} · ${formatDate(doc.angelegtAm)}` : '')}
        </FormCard>
        <FormCard title={t('cards.terms')}>
          <SelectField name="zahlart" label={t('f.zahlungsbedingung')} data={payments} numeric />
          <SelectField name="lieferart" label={t('f.lieferbedingung')} data={deliveries} numeric />
          <TextField name="waehrung" label={t('f.waehrung')} />
          {shown(t('f.waehrungkurs'), doc ? formatNumberInput(doc.waehrungkurs, { scale: 4 }) : '')}
        </FormCard>
        <FormCard title={t('cards.responsibility')}>
          <SelectField name="zustaendigerMitarbeiter" label={t('f.zustaendigerMitarbeiter')} data={users} numeric />
          <TextField name="projekt" label={t('f.projekt')} />
          {/* the deal the document belongs to (made for it, or by booking the offer with the deal question, BEL-031/032) */}
          {doc?.dealId ? shown(t('f.dealId'), String(doc.dealId), 'head-deal') : null}
        </FormCard>
      </SimpleGrid>
      <FormCard title={t('cards.texts')} cols={1}>
        <TextField name="kopftext" label={t('f.kopftext')} multiline rows={2} />
        <TextField name="fusstext" label={t('f.fusstext')} multiline rows={2} />
      </FormCard>
    </Stack>
  );
}
