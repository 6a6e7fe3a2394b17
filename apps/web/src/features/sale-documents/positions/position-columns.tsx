import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LineColumn } from '@/components/line-list/LineList';
import { formatCurrency, formatDecimal, formatPercent } from '@/lib/format';
import type { Position } from '../api';
import { PriceWithWhy } from './PriceWhy';

/** The columns of the position list: two lines per position on a phone, a table row with `ek` (ART_EK) otherwise. */
export function usePositionColumns(phone: boolean, showEk: boolean): LineColumn<Position>[] {
  const { t } = useTranslation('saleDocuments');
  const detail = (p: Position) => (
    <Anchor component={Link} to={`./${p.id}`} size="sm" aria-label={t('positions.open', { n: p.position })} data-testid="position-open">
      {p.position}
    </Anchor>
  );
  const name = (p: Position) => (
    <Stack gap={0}>
      <Text size="sm" fw={p.positionsArt === 'T' ? 600 : 500} data-testid="position-name">
        {p.positionsArt === 'A' && p.artikelnummer ? (
          <Text span size="xs" c="dimmed" ff="monospace" mr={6}>
            {p.artikelnummer}
          </Text>
        ) : null}
        {p.bezeichnung}
      </Text>
      {p.positionsArt === 'T' && p.beschreibung && (
        <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {p.beschreibung}
        </Text>
      )}
    </Stack>
  );
  const qty = (p: Position) => (p.menge === null ? '' : `${formatDecimal(p.menge)}${p.mengeneinheit ? ` ${p.mengeneinheit}` : ''}`);
  const discount = (p: Position) =>
    [p.rabatt1, p.rabatt2]
      .filter((r): r is number => !!r)
      .map(formatPercent)
      .join(' + ');

  return phone
    ? [
        {
          // a phone shows each position as two lines: number and article, then quantity × price and the total
          key: 'line',
          label: t('f.bezeichnung'),
          render: (p) => (
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                {detail(p)}
                {name(p)}
              </Group>
              {p.positionsArt === 'A' && (
                <Group gap={4} justify="space-between" wrap="wrap">
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {qty(p)} ×
                    </Text>
                    <PriceWithWhy price={p.einzelpreis} why={p.preisHerkunft} position={p.position} />
                    {p.lagerNr && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="position-warehouse-name">
                        · {p.lagerNr}
                      </Text>
                    )}
                  </Group>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="position-total">
                    {formatCurrency(p.gesamtpreis)}
                  </Text>
                </Group>
              )}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'position', label: t('f.position'), render: detail, width: 50 },
        { key: 'bezeichnung', label: t('f.bezeichnung'), render: name },
        { key: 'menge', label: t('f.menge'), render: qty, align: 'right', width: 110 },
        {
          key: 'einzelpreis',
          label: t('f.einzelpreis'),
          render: (p) => <PriceWithWhy price={p.einzelpreis} why={p.preisHerkunft} position={p.position} />,
          align: 'right',
          width: 150,
        },
        { key: 'rabatt', label: t('f.rabatt1'), render: discount, align: 'right', width: 110 },
        { key: 'lager', label: t('f.lagerNr'), render: (p) => <span data-testid="position-warehouse-name">{p.lagerNr ?? ''}</span>, width: 90 },
        ...(showEk
          ? [
              {
                key: 'ek',
                label: t('f.ek'),
                render: (p: Position) => (p.ek === null || p.ek === undefined ? '' : formatCurrency(p.ek)),
                align: 'right' as const,
                width: 100,
              },
            ]
          : []),
        {
          key: 'gesamtpreis',
          label: t('f.gesamtpreis'),
          render: (p) => (
            <Text size="sm" fw={500} data-testid="position-total" style={{ whiteSpace: 'nowrap' }}>
              {p.gesamtpreis === null ? '' : formatCurrency(p.gesamtpreis)}
            </Text>
          ),
          align: 'right',
          width: 120,
        },
      ];
}
