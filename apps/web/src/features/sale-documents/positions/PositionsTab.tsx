import { Anchor, Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBarcode, IconLetterT } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { type LineColumn, LineList } from '@/components/line-list/LineList';
import { moveLine } from '@/components/line-list/line-ops';
import { ArticlePicker } from '@/components/pickers/ArticlePicker';
import { TOAST } from '@/lib/api/error-handler';
import { formatCurrency, formatDecimal, formatPercent } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { addPosition, changePosition, deletePosition, type Position, reorderPositions, usePositions } from '../api';
import { mayChange } from '../detail/SaleDocumentRecordPage';
import { TextPositionDialog } from '../dialogs/TextPositionDialog';
import { isEditableStatus } from '../labels';
import { useDocumentFromRoute } from '../use-document';
import { PriceWithWhy } from './PriceWhy';
import { usePositionFailure } from './use-position-failure';

/** A line being added or changed: an article line (article, quantity, price, discount) or a text line (title, description). */
export interface PositionDraft {
  kind: 'A' | 'T';
  artikelnummer: string | null;
  menge: number | string | null;
  einzelpreis: number | string | null;
  rabatt1: number | string | null;
  bezeichnung: string;
  beschreibung: string | null;
}

const emptyDraft = (): PositionDraft => ({ kind: 'A', artikelnummer: null, menge: 1, einzelpreis: null, rabatt1: null, bezeichnung: '', beschreibung: null });
const toDraft = (p: Position): PositionDraft => ({
  kind: p.positionsArt,
  artikelnummer: p.artikelnummer,
  menge: p.menge,
  einzelpreis: p.einzelpreis,
  rabatt1: p.rabatt1,
  bezeichnung: p.bezeichnung,
  beschreibung: p.beschreibung,
});
const num = (v: number | string | null) => (typeof v === 'number' ? v : null);

/** An entry the list cannot send: said at once, and the line stays open (the error is not reported again). */
function refused(message: string): Error {
  notifications.show({ color: 'red', message, autoClose: TOAST.info });
  const e = new Error(message);
  e.name = 'AbortError';
  return e;
}

/** The path of the positions tab of the current document (`…/positions`). */
export function usePositionsPath() {
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  return pathname.replace(/\/positions(\/.*)?$/, '/positions');
}

/** The tab's position views: the list and all details (BEL-005). */
export function PositionViews({ active }: { active: 'list' | 'all' }) {
  const { t } = useTranslation('saleDocuments');
  const navigate = useNavigate();
  // the search (back link of a mounted record) stays with the view
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const base = usePositionsPath();
  return (
    <SegmentedControl
      size="xs"
      value={active}
      onChange={(v) => void navigate({ href: `${v === 'all' ? `${base}/all` : base}${searchStr}` })}
      data={[
        { value: 'list', label: t('positions.list') },
        { value: 'all', label: t('positions.all') },
      ]}
      aria-label={t('positions.view')}
      data-testid="positions-view"
    />
  );
}

/**
 * positions (BEL-005, BEL-022, BEL-023): article lines added by search or scanner, text lines (T) through the
 * text-position dialog, reorder, change, delete; each price with "why this price?"; `ek` only with ART_EK
 * (RIGHT-012). Every write answers the refreshed head: the totals below are the server's.
 */
export function PositionsTab() {
  const { t } = useTranslation('saleDocuments');
  const { id, doc } = useDocumentFromRoute();
  const me = useMe().data;
  const positions = usePositions(id);
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const [textDialog, setTextDialog] = useState(false);
  const failure = usePositionFailure();
  const canEdit = !!doc && isEditableStatus(doc.belegstatus) && mayChange(me, doc);
  const showEk = hasRight(me, 'ART_EK');
  const docId = id as number;

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

  const columns: LineColumn<Position>[] = phone
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

  const renderEditor = (d: PositionDraft, set: (next: PositionDraft) => void) =>
    d.kind === 'T' ? (
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

  const checkDraft = (d: PositionDraft) => {
    if (!d.artikelnummer) throw refused(t('positions.articleRequired'));
    const m = num(d.menge);
    if (m === null || m <= 0) throw refused(t('positions.quantityRequired'));
    return m;
  };

  const totals = doc && { netto: doc.betragNetto, mwst: doc.mwstBetrag, brutto: doc.betragBrutto, endNetto: doc.endbetragNetto };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <PositionViews active="list" />
        {canEdit && (
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconLetterT size={14} />} onClick={() => setTextDialog(true)} data-testid="positions-add-text">
              {t('positions.addText')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconBarcode size={14} />} component={Link} to="../scanner" data-testid="positions-scan">
              {t('positions.scan')}
            </Button>
          </Group>
        )}
      </Group>
      <LineList<Position, PositionDraft, NonNullable<typeof totals>>
        title={t('positions.title')}
        testId="positions"
        query={{
          data: positions.data ? { lines: positions.data, totals: totals || undefined } : undefined,
          isLoading: positions.isLoading,
          refetch: positions.refetch,
        }}
        lineKey={(p) => p.id}
        columns={columns}
        canEdit={canEdit}
        emptyDraft={emptyDraft}
        toDraft={toDraft}
        renderEditor={renderEditor}
        addLabel={t('positions.add')}
        add={(d) =>
          failure.guard(() =>
            addPosition(docId, {
              artikelnummer: d.artikelnummer ?? undefined,
              menge: checkDraft(d),
              ...(num(d.einzelpreis) !== null ? { einzelpreis: num(d.einzelpreis) as number } : {}),
              ...(num(d.rabatt1) !== null ? { rabatt1: num(d.rabatt1) as number } : {}),
            }),
          )
        }
        change={(line, d) => {
          if (line.positionsArt === 'T') {
            if (!d.bezeichnung.trim()) return Promise.reject(refused(t('textPosition.headingRequired')));
            return failure.guard(() => changePosition(docId, line.id, { bezeichnung: d.bezeichnung.trim(), beschreibung: d.beschreibung?.trim() || null }));
          }
          const m = checkDraft(d);
          const data: Record<string, unknown> = {};
          if (d.artikelnummer !== line.artikelnummer) data.artikelnummer = d.artikelnummer;
          if (m !== line.menge) data.menge = m;
          if (num(d.einzelpreis) !== null && num(d.einzelpreis) !== line.einzelpreis) data.einzelpreis = num(d.einzelpreis);
          if ((num(d.rabatt1) ?? 0) !== (line.rabatt1 ?? 0)) data.rabatt1 = num(d.rabatt1) ?? 0;
          return failure.guard(() => changePosition(docId, line.id, data));
        }}
        move={(line, to, lines) => {
          const from = lines.indexOf(line);
          return failure.guard(() =>
            reorderPositions(
              docId,
              moveLine(lines, from, to).map((p) => p.id),
            ),
          );
        }}
        remove={(line) => failure.guard(() => deletePosition(docId, line.id))}
        renderTotals={(s) => (
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
        )}
      />
      <TextPositionDialog
        opened={textDialog}
        onClose={() => setTextDialog(false)}
        onSave={(v) => failure.guard(() => addPosition(docId, { positionsArt: 'T', ...v })).then(() => positions.refetch())}
      />
      {failure.dialog}
    </Stack>
  );
}
