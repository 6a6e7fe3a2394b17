import { Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { ArticlePicker } from '@/components/pickers/ArticlePicker';
import { DocumentTotals, type TotalsKey } from '../detail/DocumentTotals';
import type { PositionDraft, PositionTotals } from './use-positions-tab';

/** The editor of a line being added or changed: article, quantity, price and discount — or a text line's title and description. */
export function PositionEditor({ d, set }: { d: PositionDraft; set: (next: PositionDraft) => void }) {
  const { t } = useTranslation('saleDocuments');
  return d.kind === 'T' ? (
    <Stack gap="xs" style={{ flex: 1 }}>
      <TextInput
        label={t('textPosition.heading')}
        value={d.bezeichnung}
        onChange={(e) => set({ ...d, bezeichnung: e.currentTarget.value })}
        required
        maxLength={200}
        data-autofocus
        data-testid="text-position-title"
      />
      <Textarea
        label={t('textPosition.description')}
        value={d.beschreibung ?? ''}
        onChange={(e) => set({ ...d, beschreibung: e.currentTarget.value || null })}
        autosize
        minRows={2}
        maxRows={8}
        data-testid="text-position-description"
      />
    </Stack>
  ) : (
    <Group gap="xs" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
      <ArticlePicker
        label={t('positions.article')}
        value={d.artikelnummer}
        onChange={(v) => set({ ...d, artikelnummer: v })}
        style={{ flex: '2 1 16rem' }}
        data-autofocus
        data-testid="position-article"
      />
      <NumberTextInput
        label={t('f.menge')}
        value={d.menge}
        onChange={(v) => set({ ...d, menge: v })}
        format={{ scale: 3 }}
        style={{ flex: '0 1 7rem' }}
        data-testid="position-qty"
      />
      <NumberTextInput
        label={t('f.einzelpreis')}
        placeholder={t('positions.autoPrice')}
        value={d.einzelpreis}
        onChange={(v) => set({ ...d, einzelpreis: v })}
        format={{ scale: 4, grouped: true }}
        style={{ flex: '0 1 9rem' }}
        data-testid="position-price"
      />
      <NumberTextInput
        label={t('f.rabatt1')}
        value={d.rabatt1}
        onChange={(v) => set({ ...d, rabatt1: v })}
        format={{ scale: 2 }}
        rightSection="%"
        style={{ flex: '0 1 6rem' }}
        data-testid="position-discount"
      />
    </Group>
  );
}

/** The totals below the lines: the server's, after the document's discounts (the foot tab's rows). */
export function PositionTotalsView({ s }: { s: PositionTotals }) {
  return <DocumentTotals doc={s} compact rootTestId="positions-amounts" testId={(k) => POSITION_TOTAL_IDS[k] ?? `positions-${k}`} />;
}
const POSITION_TOTAL_IDS: Partial<Record<TotalsKey, string>> = {
  betragNetto: 'positions-summe',
  endbetragNetto: 'positions-netto',
  mwstBetrag: 'positions-mwst',
  betragBrutto: 'positions-brutto',
};
