import { Anchor, Badge, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '@/components/form/FormCard';
import { SwitchField } from '@/components/form/fields';
import { RecordStamps } from '@/components/record-page/RecordStamps';
import { formatCurrency, formatDate, formatPercent } from '@/lib/format';
import { isOverdue } from '../list/list-filter';
import { useOpenItemFromRoute } from '../use-open-item-id';

/**
 * A value shown read-only, labelled like a form field (amounts and dates follow from the invoice and the payments); an
 * overdue value carries the red "overdue" badge beside it (not colour alone, and readable on the filled input).
 */
function Shown({ label, value, testId, overdue }: { label: string; value: string; testId: string; overdue?: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      variant="filled"
      data-testid={testId}
      rightSectionWidth={overdue ? 110 : undefined}
      rightSection={
        overdue ? (
          <Badge color="red" variant="filled" size="sm">
            {overdue}
          </Badge>
        ) : undefined
      }
    />
  );
}

function LinkField({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * masterdata (OP-003, OP-005): the invoice with a link to its sales document, the customer, the amounts invoiced, open
 * and paid, the terms (valuta, net due, cash discount, payment type), the dunning level, and the flags — disputed,
 * unadmonished, blocked — which the edit mode changes under BEK_AENDERN; completed follows from the payments.
 */
export function MasterdataTab() {
  const { t } = useTranslation('openItems');
  const { item: r } = useOpenItemFromRoute();
  if (!r) return null;
  const overdue = isOverdue(r);

  return (
    <Stack gap="md" data-testid="open-item-masterdata">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.invoice')}>
          <LinkField label={t('f.rechnungsnummer')} testId="open-item-invoice">
            {r.belegId !== null ? (
              <Anchor component={Link} to={`/saleDocument/${r.belegId}`} size="sm" aria-label={t('openInvoice', { nr: r.rechnungsnummer })}>
                {r.rechnungsnummer}
              </Anchor>
            ) : (
              // a credit from an overpayment: no document of its own, the invoice whose payment made it
              <Text size="sm">{r.rechnungsnummer}</Text>
            )}
          </LinkField>
          <LinkField label={t('f.kunde')} testId="open-item-customer">
            <Anchor component={Link} to={`/addresses/${r.adresseId}/dashboard`} size="sm">
              {`${r.name1} (${r.kundennummer ?? r.adressnummer})`}
            </Anchor>
          </LinkField>
          <Shown label={t('f.opvArt')} value={t(`kind.${r.opvArt}`)} testId="field-opvArt" />
          <Shown label={t('f.nummer')} value={String(r.nummer)} testId="field-nummer" />
          <Shown label={t('f.rechnungsdatum')} value={formatDate(r.rechnungsdatum)} testId="field-rechnungsdatum" />
          <Shown label={t('f.valuta')} value={formatDate(r.valuta)} testId="field-valuta" />
        </FormCard>
        <FormCard title={t('cards.amounts')}>
          <Shown label={t('f.rechnungsBetrag')} value={formatCurrency(r.rechnungsBetrag)} testId="field-rechnungsBetrag" />
          <Shown
            label={t('f.offenerBetrag')}
            value={formatCurrency(r.offenerBetrag)}
            testId="field-offenerBetrag"
            overdue={overdue ? t('overdue') : undefined}
          />
          <Shown label={t('f.bisherGezahlt')} value={formatCurrency(r.bisherGezahlt)} testId="field-bisherGezahlt" />
          <Shown label={t('f.abgeschlossen')} value={r.abgeschlossen ? t('state.completed') : t('state.open')} testId="field-abgeschlossen" />
        </FormCard>
        <FormCard title={t('cards.terms')}>
          <Shown label={t('f.zahlungsart')} value={r.zahlungsart ?? ''} testId="field-zahlungsart" />
          <Shown label={t('f.nettoFaellig')} value={formatDate(r.nettoFaellig)} testId="field-nettoFaellig" overdue={overdue ? t('overdue') : undefined} />
          <Shown label={t('f.skontoDatum')} value={formatDate(r.skontoDatum)} testId="field-skontoDatum" />
          <Shown label={t('f.skontoProzent')} value={r.skontoProzent ? formatPercent(r.skontoProzent) : ''} testId="field-skontoProzent" />
          <Shown label={t('f.skontoBetrag')} value={r.skontoBetrag ? formatCurrency(r.skontoBetrag) : ''} testId="field-skontoBetrag" />
        </FormCard>
        <FormCard title={t('cards.dunning')}>
          <Shown label={t('f.mahnstufe')} value={t('level', { n: r.mahnstufe })} testId="field-mahnstufe" />
          <Shown label={t('f.letzteMahnung')} value={formatDate(r.letzteMahnung)} testId="field-letzteMahnung" />
          <SwitchField name="strittig" label={t('f.strittig')} description={t('flags.disputedHint')} />
          <SwitchField name="nichtMahnen" label={t('f.nichtMahnen')} description={t('flags.unadmonishedHint')} />
          <SwitchField name="gesperrt" label={t('f.gesperrt')} description={t('flags.blockedHint')} />
        </FormCard>
      </SimpleGrid>
      <RecordStamps record={r} text={(key, date) => t(key, { date })} />
    </Stack>
  );
}
