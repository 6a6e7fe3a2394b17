import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { limitProps } from '@/components/form/text-limit';
import { ArticlePicker } from '@/components/pickers/ArticlePicker';
import { formatCurrency } from '@/lib/format';
import type { DraftErrors, PositionDraft, PositionTotals } from './use-positions-tab';

/**
 * The editor of a line being added or changed: article, quantity, price and discount — or a text line's title and
 * description; a refused entry is marked red on its field (issue 20 item 5).
 */
export function PositionEditor({ d, set, errors = {} }: { d: PositionDraft; set: (next: PositionDraft) => void; errors?: DraftErrors }) {
  const { t } = useTranslation('saleDocuments');
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
      <ArticlePicker
        label={t('positions.article')}
        value={d.artikelnummer}
        onChange={(v) => set({ ...d, artikelnummer: v })}
        error={errors.artikelnummer}
        style={{ flex: '2 1 16rem' }}
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
    </Group>
  );
}

/** The totals below the lines (the server's). */
export function PositionTotalsView({ s }: { s: PositionTotals }) {
  const { t } = useTranslation('saleDocuments');
  return (
    <>
      <Group justify="flex-end" gap="lg">
        <Text size="sm" c="dimmed">
          {t('f.betragNetto')}
        </Text>
        <Text size="sm" data-testid="positions-netto" w={120} ta="right">
          {formatCurrency(s.netto)}
        </Text>
      </Group>
      <Group justify="flex-end" gap="lg">
        <Text size="sm" c="dimmed">
          {t('f.mwstBetrag')}
        </Text>
        <Text size="sm" data-testid="positions-mwst" w={120} ta="right">
          {formatCurrency(s.mwst)}
        </Text>
      </Group>
      <Group justify="flex-end" gap="lg">
        <Text size="sm" fw={700}>
          {t('f.betragBrutto')}
        </Text>
        <Text size="sm" fw={700} data-testid="positions-brutto" w={120} ta="right">
          {formatCurrency(s.brutto)}
        </Text>
      </Group>
    </>
  );
}
