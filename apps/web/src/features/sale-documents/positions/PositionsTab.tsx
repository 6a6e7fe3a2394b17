import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBarcode, IconLetterT } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LineList } from '@/components/line-list/LineList';
import type { Position } from '../api';
import { TextPositionDialog } from '../dialogs/TextPositionDialog';
import { PositionEditor, PositionTotalsView } from './PositionEditor';
import { usePositionColumns } from './position-columns';
import { emptyDraft, type PositionDraft, type PositionTotals, toDraft, usePositionsTab } from './use-positions-tab';

export type { PositionDraft } from './use-positions-tab';

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
 * (RIGHT-012). Every write answers the refreshed head: the totals below are the server's. Data and writes:
 * `usePositionsTab`; columns, editor and totals in their own files.
 */
export function PositionsTab() {
  const { t } = useTranslation('saleDocuments');
  const tab = usePositionsTab();
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const columns = usePositionColumns(phone, tab.showEk);
  const { positions, canEdit, totals } = tab;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <PositionViews active="list" />
        {canEdit && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLetterT size={14} />}
              onClick={() => tab.setTextDialog(true)}
              data-testid="positions-add-text"
            >
              {t('positions.addText')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconBarcode size={14} />} component={Link} to="../scanner" data-testid="positions-scan">
              {t('positions.scan')}
            </Button>
          </Group>
        )}
      </Group>
      <LineList<Position, PositionDraft, PositionTotals>
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
        emptyDraft={() => {
          tab.setErrors({});
          return emptyDraft();
        }}
        toDraft={(p) => {
          tab.setErrors({});
          return toDraft(p);
        }}
        renderEditor={(d, set) => (
          <PositionEditor
            d={d}
            set={(next) => {
              tab.edited(d, next);
              set(next);
            }}
            docId={tab.docId as number}
            errors={tab.errors}
          />
        )}
        addLabel={t('positions.add')}
        add={tab.add}
        change={tab.change}
        move={tab.move}
        remove={tab.remove}
        renderTotals={(s) => <PositionTotalsView s={s} />}
      />
      <TextPositionDialog opened={tab.textDialog} onClose={() => tab.setTextDialog(false)} onSave={tab.addText} />
      {tab.failure.dialog}
    </Stack>
  );
}
