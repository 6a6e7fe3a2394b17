import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ErvERechnungAnsicht } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/components/SectionTitle';
import { formatCurrency, formatDate, formatDecimal, formatPercent } from '@/lib/format';
import { useEInvoiceView } from '../api';

type Partei = ErvERechnungAnsicht['verkaeufer'];

function Party({ title, p, testId }: { title: string; p: Partei; testId: string }) {
  const { t } = useTranslation('incomingInvoices');
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {title}
      </Text>
      <Text size="sm" fw={600}>
        {p.name ?? '–'}
      </Text>
      {p.strasse && <Text size="sm">{p.strasse}</Text>}
      <Text size="sm">{[p.land, [p.plz, p.ort].filter(Boolean).join(' ')].filter(Boolean).join('-')}</Text>
      {p.ustId && <Text size="sm">{t('einvoice.vatId', { id: p.ustId })}</Text>}
      {p.steuernummer && <Text size="sm">{t('einvoice.taxNo', { nr: p.steuernummer })}</Text>}
    </Stack>
  );
}

function Sum({ label, value, strong }: { label: string; value: number | null; strong?: boolean }) {
  if (value === null) return null;
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} ff="monospace">
        {formatCurrency(value)}
      </Text>
    </Group>
  );
}

/** The readable view of the e-invoice behind an incoming invoice: parties, lines, VAT breakdown, totals, terms, validation. */
export function EInvoiceView({ id }: { id: number }) {
  const { t } = useTranslation('incomingInvoices');
  const v = useEInvoiceView(id).data;
  if (!v) return null;
  const p = v.pruefung;
  const warnings = p?.meldungen.filter((m) => m.schwere === 'warnung') ?? [];
  const terms = v.zahlungsbedingungen
    ?.split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .join(' ');
  return (
    <Card withBorder radius="md" padding="md" mt="md" data-testid="einvoice-view">
      <Group justify="space-between" mb="sm">
        <SectionTitle size="h5">{t('einvoice.title')}</SectionTitle>
        {p && (
          <Group gap="xs">
            <Badge variant="light" color="blue">
              {p.container === 'pdf' ? 'ZUGFeRD / Factur-X' : p.xrechnung ? `XRechnung ${p.syntax.toUpperCase()}` : `EN 16931 ${p.syntax.toUpperCase()}`}
            </Badge>
            <Badge variant="light" color={p.schematron === 'ok' ? 'green' : 'gray'}>
              {t(`einvoice.schematron.${p.schematron}`)}
            </Badge>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="md">
        <Party title={t('einvoice.seller')} p={v.verkaeufer} testId="einvoice-seller" />
        <Party title={t('einvoice.buyer')} p={v.kaeufer} testId="einvoice-buyer" />
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('einvoice.document')}
          </Text>
          <Text size="sm">{t('einvoice.number', { nr: v.nummer ?? '–' })}</Text>
          <Text size="sm">{t('einvoice.date', { date: formatDate(v.datum) })}</Text>
          {v.lieferdatum && <Text size="sm">{t('einvoice.delivery', { date: formatDate(v.lieferdatum) })}</Text>}
          {v.bestellnummer && <Text size="sm">{t('einvoice.order', { nr: v.bestellnummer })}</Text>}
          {v.kaeuferReferenz && <Text size="sm">{t('einvoice.reference', { ref: v.kaeuferReferenz })}</Text>}
        </Stack>
      </SimpleGrid>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder fz="sm" data-testid="einvoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('einvoice.col.pos')}</Table.Th>
              <Table.Th>{t('einvoice.col.article')}</Table.Th>
              <Table.Th>{t('einvoice.col.name')}</Table.Th>
              <Table.Th ta="right">{t('einvoice.col.quantity')}</Table.Th>
              <Table.Th ta="right">{t('einvoice.col.price')}</Table.Th>
              <Table.Th ta="right">{t('einvoice.col.vat')}</Table.Th>
              <Table.Th ta="right">{t('einvoice.col.net')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {v.positionen.map((z, i) => (
              <Table.Tr key={`${z.nr}-${i}`}>
                <Table.Td>{z.nr}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{z.artikelnummer}</Table.Td>
                <Table.Td>{z.name}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {`${formatDecimal(z.menge)} ${z.einheit ?? ''}`.trim()}
                </Table.Td>
                <Table.Td ta="right">{formatCurrency(z.preis)}</Table.Td>
                <Table.Td ta="right">{z.satz === null ? z.kategorie : `${formatPercent(z.satz)} ${z.kategorie ?? ''}`.trim()}</Table.Td>
                <Table.Td ta="right">{formatCurrency(z.netto)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
        <Stack gap="xs">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('einvoice.vatBreakdown')}
          </Text>
          <Table.ScrollContainer minWidth={360}>
            <Table withTableBorder fz="sm" data-testid="einvoice-vat">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('einvoice.col.category')}</Table.Th>
                  <Table.Th ta="right">{t('einvoice.col.rate')}</Table.Th>
                  <Table.Th ta="right">{t('einvoice.col.base')}</Table.Th>
                  <Table.Th ta="right">{t('einvoice.col.tax')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {v.steuern.map((s, i) => (
                  <Table.Tr key={`${s.kategorie}-${s.satz}-${i}`}>
                    <Table.Td>{[s.kategorie, s.grund].filter(Boolean).join(' · ')}</Table.Td>
                    <Table.Td ta="right">{formatPercent(s.satz)}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(s.basis)}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(s.betrag)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {(terms || v.faellig || v.iban) && (
            <Stack gap={2} data-testid="einvoice-terms">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t('einvoice.terms')}
              </Text>
              {terms && <Text size="sm">{terms}</Text>}
              {v.faellig && <Text size="sm">{t('einvoice.due', { date: formatDate(v.faellig) })}</Text>}
              {v.iban && <Text size="sm">{t('einvoice.iban', { iban: v.iban })}</Text>}
            </Stack>
          )}
        </Stack>
        <Stack gap={4} data-testid="einvoice-totals">
          <Sum label={t('einvoice.sum.lines')} value={v.summen.positionen} />
          <Sum label={t('einvoice.sum.allowances')} value={v.summen.abschlaege} />
          <Sum label={t('einvoice.sum.charges')} value={v.summen.zuschlaege} />
          <Sum label={t('einvoice.sum.net')} value={v.summen.netto} />
          <Sum label={t('einvoice.sum.vat')} value={v.summen.ust} />
          <Sum label={t('einvoice.sum.gross')} value={v.summen.brutto} strong />
          <Sum label={t('einvoice.sum.payable')} value={v.summen.zahlbar} strong />
        </Stack>
      </SimpleGrid>
      {p && (p.hinweise.length > 0 || warnings.length > 0) && (
        <Alert mt="md" color="yellow" variant="light" title={t('einvoice.validation')} data-testid="einvoice-warnings">
          <List size="sm" spacing={2}>
            {p.hinweise.map((h) => (
              <List.Item key={h}>{h}</List.Item>
            ))}
            {warnings.map((w, i) => (
              <List.Item key={`${w.regel}-${i}`}>{`${w.regel}${w.bt && w.bt !== w.regel ? ` (${w.bt})` : ''}: ${w.text}`}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Card>
  );
}
