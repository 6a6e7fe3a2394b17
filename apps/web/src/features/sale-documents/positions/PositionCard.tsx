import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadingSection, SectionTitle } from '@/components/SectionTitle';
import { formatCurrency, formatDecimal, formatPercent } from '@/lib/format';
import type { Position } from '../api';
import { formatUnitPrice, PriceExplanation } from './PriceWhy';

const value = (label: string, v: ReactNode, testId?: string) => (
  <Stack gap={0} key={label}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {v === '' || v === null || v === undefined ? '–' : v}
    </Text>
  </Stack>
);

/** Every field of one position (BEL-022) and, for an article line, the server's price explanation. */
export function PositionCard({ p, showEk, title }: { p: Position; showEk: boolean; title?: ReactNode }) {
  const { t } = useTranslation('saleDocuments');
  const text = p.positionsArt === 'T';
  return (
    <Card withBorder radius="md" padding="md" data-testid="position-card">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          {title ?? (
            <SectionTitle size="h5">
              {p.position}. {p.bezeichnung}
            </SectionTitle>
          )}
          {p.artikelnummer && (
            <Text size="xs" c="dimmed" ff="monospace">
              {p.artikelnummer}
            </Text>
          )}
        </Stack>
        <Badge variant="light" color={text ? 'gray' : 'blue'}>
          {text ? t('positions.textLine') : t('positions.articleLine')}
        </Badge>
      </Group>
      {p.beschreibung && (
        <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-line' }}>
          {p.beschreibung}
        </Text>
      )}
      {!text && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" mb="sm">
          {value(t('f.menge'), p.menge === null ? '' : `${formatDecimal(p.menge)} ${p.mengeneinheit ?? ''}`, 'card-menge')}
          {value(t('f.einzelpreis'), formatUnitPrice(p.einzelpreis), 'card-einzelpreis')}
          {value(t('f.rabatt1'), p.rabatt1 ? formatPercent(p.rabatt1) : '')}
          {value(t('f.rabatt2'), p.rabatt2 ? formatPercent(p.rabatt2) : '')}
          {value(t('f.teuerungszuschlag'), p.teuerungszuschlag ? formatPercent(p.teuerungszuschlag) : '')}
          {value(t('f.eilzuschlag'), p.eilzuschlag ? formatCurrency(p.eilzuschlag) : '')}
          {value(t('f.endpreis'), p.endpreis === null ? '' : formatCurrency(p.endpreis), 'card-endpreis')}
          {value(t('f.gesamtpreis'), formatCurrency(p.gesamtpreis), 'card-gesamtpreis')}
          {value(t('f.mwstSatz'), formatPercent(p.mwstSatz))}
          {value(t('f.lagerNr'), p.lagerNr ?? '')}
          {value(t('f.mengeUebernommen'), p.mengeUebernommen ? formatDecimal(p.mengeUebernommen) : '')}
          {showEk && value(t('f.ek'), p.ek === null || p.ek === undefined ? '' : formatUnitPrice(p.ek), 'card-ek')}
        </SimpleGrid>
      )}
      {!text && (
        <HeadingSection>
          <Card withBorder radius="sm" padding="sm">
            <SectionTitle size="h6" mb={4}>
              {t('price.why')}
            </SectionTitle>
            <PriceExplanation why={p.preisHerkunft} />
          </Card>
        </HeadingSection>
      )}
    </Card>
  );
}
