import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatPercent } from '@/lib/format';
import type { ArticleChoice } from '../api';
import { formatUnitPrice } from './PriceWhy';

/** The colour of a warehouse's available quantity against the quantity asked: enough, some, none. */
export const stockColor = (verfuegbar: number, need: number) => (verfuegbar >= need ? 'green' : verfuegbar > 0 ? 'yellow' : 'red');

/**
 * One hit of the positions' article picker (issue 20 item 3): number and name, the price a line would get on this
 * document per unit (with its discounts), and for a stock article the available quantity per warehouse — coloured
 * against the quantity of the line, so a shortage shows while quoting.
 */
export function ArticleChoiceHit({ a, menge }: { a: ArticleChoice; menge: number | null }) {
  const { t } = useTranslation('saleDocuments');
  const need = menge && menge > 0 ? menge : 1;
  const rabatte = [a.rabatt1, a.rabatt2].filter((r) => r !== 0);
  return (
    <Stack gap={2} w="100%" data-testid="article-choice" title={a.preisText}>
      <Group justify="space-between" wrap="wrap" gap={4} align="flex-start">
        <Text size="sm" style={{ minWidth: 0, flex: '1 1 10rem' }}>
          <Text span size="xs" c="dimmed" ff="monospace" mr={6}>
            {a.artikelnummer}
          </Text>
          {a.bezeichnung}
        </Text>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="article-choice-price">
          {formatUnitPrice(a.endpreis)}
          {a.mengeneinheit ? ` / ${a.mengeneinheit}` : ''}
        </Text>
      </Group>
      {(rabatte.length > 0 || a.einzelpreis !== a.vknetto) && (
        <Text size="xs" c="dimmed">
          {t('picker.listPrice', { price: formatUnitPrice(a.vknetto) })}
          {rabatte.length > 0 ? ` · ${t('picker.discount', { pct: rabatte.map(formatPercent).join(' + ') })}` : ''}
        </Text>
      )}
      {a.lagerfuehrend && (
        <Group gap={4} wrap="wrap" data-testid="article-choice-stock">
          {a.bestaende.length === 0 ? (
            <Badge size="sm" variant="light" color="red" tt="none">
              {t('picker.noStock')}
            </Badge>
          ) : (
            a.bestaende.map((b) => (
              <Badge
                key={b.lagerId}
                size="sm"
                variant="light"
                tt="none"
                color={stockColor(b.verfuegbar, need)}
                title={b.bezeichnung}
                data-testid="article-choice-warehouse"
              >
                {b.kurzbezeichnung}: {formatDecimal(b.verfuegbar)}
                {a.mengeneinheit ? ` ${a.mengeneinheit}` : ''}
              </Badge>
            ))
          )}
        </Group>
      )}
    </Stack>
  );
}
