import { Alert, Badge } from '@mantine/core';
import { IconLock, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { Outlet, useRouteContext } from '@tanstack/react-router';
import { DEAL_STATUS, dealRechte } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { RecordPage } from '@/components/record-page/RecordPage';
import type { RecordAction } from '@/components/record-page/record-actions';
import type { ResolvedMount } from '@/components/record-page/route-mount';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { keyedByRecordId, parseRecordId, useRecordRoute } from '@/components/record-page/use-record-route';
import { hasRight } from '@/lib/rights';
import { deleteDeal, saveDeal, useDeal } from '../api';
import { LostDialog, WonDialog } from '../board/CloseDialogs';
import { dealSchema, toDealForm } from '../deal-form';
import { useDealsOn } from '../use-deal';

/** The tabs of a deal (DEAL-001); below an address without the documents (DEAL-002). */
export const DEAL_TABS = ['masterdata', 'activities', 'customFields', 'saleDocuments'] as const;
export type DealTab = (typeof DEAL_TABS)[number];
const STATUS_COLOR = ['blue', 'green', 'gray'] as const;

/** /deals/{id} and /addresses/{id}/deals/{dealId}: the record page; edit and delete per status and rights (DEAL-009/010). */
export const DealRecordPage = keyedByRecordId(DealRecord);

function DealRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation(['deals', 'fields']);
  const me = useMe().data;
  const on = useDealsOn();
  const { id, isNew } = parseRecordId(idParam);
  const deal = useDeal(id);
  const d = deal.data;
  const mount = (useRouteContext({ strict: false }) as { routeMount?: ResolvedMount }).routeMount;
  const embedded = !!mount?.listPath.startsWith('/addresses/');
  const route = useRecordRoute(
    {
      listPath: '/deals',
      backLabel: t('backToList'),
      tabs: DEAL_TABS,
      tabLabel: (tab) => t(`tabs.${tab}`),
      visible: (tab) => !(embedded && tab === 'saleDocuments'),
    },
    idParam,
  );
  const rechte = dealRechte(d?.status ?? DEAL_STATUS.offen);
  // won and lost are the record's actions (buttons beside "edit", wrapping on a phone); each asks in its dialog
  const [closing, setClosing] = useState<'won' | 'lost' | null>(null);
  const closeDeal = (kind: 'won' | 'lost') => async (deal: NonNullable<typeof d>) => {
    setClosing(kind);
    return deal;
  };
  const actions: RecordAction<NonNullable<typeof d>>[] = [
    {
      id: 'won',
      label: t('won.button'),
      icon: <IconThumbUp size={16} />,
      rights: ['DEALS_AENDERN'],
      enabled: (x) => x.status === DEAL_STATUS.offen,
      run: closeDeal('won'),
    },
    {
      id: 'lost',
      label: t('lost.button'),
      icon: <IconThumbDown size={16} />,
      rights: ['DEALS_AENDERN'],
      enabled: (x) => x.status === DEAL_STATUS.offen,
      run: closeDeal('lost'),
    },
  ];

  const editor = useRecordEditor({
    schema: dealSchema,
    record: d,
    isNew,
    toFormValues: toDealForm,
    ...route.editorRoutes,
    lock: { tabelle: 'DEALS', id },
    canEdit: hasRight(me, rechte.aendern),
    canRemove: rechte.loeschen !== null && hasRight(me, rechte.loeschen),
    save: (data, ctx) => saveDeal(id, data, ctx.lockToken),
    remove: async (ctx) => {
      if (id) await deleteDeal(id, ctx.lockToken);
    },
    removeConfirmText: t('removeConfirm', { name: d?.titel ?? '' }),
    actions,
  });

  if (me && (!hasRight(me, 'DEALS_SEHEN') || !on)) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          {on ? t('common.noData') : t('off')}
        </Alert>
      </>
    );
  }
  return (
    <>
      <RecordPage
        documentTitle={d && t('documentTitle', { nr: d.id })}
        title={d?.titel ?? ''}
        subtitle={d ? [`${t('f.id')} ${d.id}`, d.adresseName ? `${t('f.adresseName')} ${d.adresseName}` : null, t(`phase.${d.phase}` as 'phase.1')] : undefined}
        loading={!isNew && deal.isLoading}
        loadError={deal.error}
        badges={
          d && (
            <Badge color={STATUS_COLOR[d.status] ?? 'gray'} variant="light" data-testid="deal-status">
              {t(`status.${d.status}` as 'status.0')}
            </Badge>
          )
        }
        {...route.page}
        editor={editor}
        editDisabledReason={t('noEditRight')}
      >
        <Outlet />
      </RecordPage>
      {d && closing === 'won' && <WonDialog deal={d} onClose={() => setClosing(null)} />}
      {d && closing === 'lost' && <LostDialog deal={d} onClose={() => setClosing(null)} />}
    </>
  );
}
