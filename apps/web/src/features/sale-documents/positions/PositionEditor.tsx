import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { limitProps } from '@/components/form/text-limit';
import { ArticlePicker } from '@/components/pickers/ArticlePicker';
import { formatDecimal } from '@/lib/format';
import { type ArticleChoice, articleChoices } from '../api';
import { DocumentTotals, type TotalsKey } from '../detail/DocumentTotals';
import { ArticleChoiceHit } from './ArticleChoiceHit';
import type { DraftErrors, PositionDraft, PositionTotals } from './use-positions-tab';
import { WarehouseSelect } from './WarehouseSelect';

/**
 * What the picked article lacks for the line: the available quantity in the chosen warehouse, or (none chosen: the
 * server picks) in the best one; null when the quantity is covered or nothing is known.
 */
function shortage(d: PositionDraft): { lagId: number | null; qty: number } | null {
  const a = d.artikel;
  const menge = typeof d.menge === 'number' ? d.menge : null;
  if (!a?.lagerfuehrend || menge === null) return null;
  const b = d.lagId !== null ? a.bestaende.find((x) => x.lagerId === d.lagId) : a.bestaende[0];
  const qty = b?.verfuegbar ?? 0;
  return qty >= menge ? null : { lagId: d.lagId ?? b?.lagerId ?? null, qty };
}

/**
 * The editor of a line being added or changed: article (the picker shows price, unit and stock per warehouse), quantity,
 * price, discount and warehouse — or a text line's title and description; a refused entry is marked red on its field.
 */
export function PositionEditor({ d, set, docId, errors = {} }: { d: PositionDraft; set: (next: PositionDraft) => void; docId: number; errors?: DraftErrors }) {
  const { t } = useTranslation('saleDocuments');
  const source = useMemo(() => articleChoices(docId), [docId]);
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const menge = typeof d.menge === 'number' ? d.menge : null;
  const short = shortage(d);
  const lager = useBasisdaten().data?.lager;
  const shortIn = short?.lagId ? lager?.find((l) => l.id === short.lagId)?.kurzbezeichnung : undefined;
  return d.kind === 'T' ? (
    <Stack gap="xs" style={{ flex: 1 }}>
      <TextInput
        label={t('textPosition.heading')}
        value={d.bezeichnung}
        onChange={(e) => set({ ...d, bezeichnung: e.currentTarget.value })}
        required
        {...limitProps(d.bezeichnung, 200, { error: errors.bezeichnung })}
        data-autofocus
        data-testid="text-position-title"
      />
      <Textarea
        label={t('textPosition.description')}
        value={d.beschreibung ?? ''}
        onChange={(e) => set({ ...d, beschreibung: e.currentTarget.value || null })}
        error={errors.beschreibung}
        autosize
        minRows={2}
        maxRows={8}
        data-testid="text-position-description"
      />
    </Stack>
  ) : (
    <Group gap="xs" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
      <ArticlePicker<ArticleChoice>
        label={t('positions.article')}
        value={d.artikelnummer}
        onChange={(v, a) => set({ ...d, artikelnummer: v, artikel: a })}
        source={source}
        renderHit={(a) => <ArticleChoiceHit a={a} menge={menge} />}
        error={errors.artikelnummer}
        style={{ flex: '2 1 16rem' }}
        maxDropdownHeight={360}
        // a phone's line is narrow: the hits take the screen's width
        comboboxProps={phone ? { width: 'calc(100vw - 1.5rem)' } : undefined}
        data-autofocus
        data-testid="position-article"
      />
      <NumberTextInput
        label={t('f.menge')}
        value={d.menge}
        onChange={(v) => set({ ...d, menge: v })}
        error={errors.menge}
        format={{ scale: 3 }}
        style={{ flex: '0 1 7rem' }}
        data-testid="position-qty"
      />
      <NumberTextInput
        label={t('f.einzelpreis')}
        placeholder={t('positions.autoPrice')}
        value={d.einzelpreis}
        onChange={(v) => set({ ...d, einzelpreis: v })}
        error={errors.einzelpreis}
        format={{ scale: 4, grouped: true }}
        style={{ flex: '0 1 9rem' }}
        data-testid="position-price"
      />
      <NumberTextInput
        label={t('f.rabatt1')}
        value={d.rabatt1}
        onChange={(v) => set({ ...d, rabatt1: v })}
        error={errors.rabatt1}
        format={{ scale: 2 }}
        rightSection="%"
        style={{ flex: '0 1 6rem' }}
        data-testid="position-discount"
      />
      <WarehouseSelect
        value={d.lagId}
        onChange={(lagId) => set({ ...d, lagId })}
        stock={d.artikel?.lagerfuehrend ? d.artikel.bestaende : null}
        placeholder={t('positions.warehouseAuto')}
        style={{ flex: '1 1 12rem' }}
        data-testid="position-warehouse"
      />
      {short && (
        <Text size="xs" c="orange" w="100%" data-testid="position-shortage">
          {shortIn ? t('picker.shortIn', { lager: shortIn, qty: formatDecimal(short.qty) }) : t('picker.noStock')}
        </Text>
      )}
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
