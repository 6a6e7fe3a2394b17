import fields from 'virtual:form-meta/offenerPostenAenderung';
import { Badge } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Outlet } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { lazySchema } from '@/components/form/lazy-schema';
import type { SCHEMAS } from '@/components/form/validation';
import { RecordPage } from '@/components/record-page/RecordPage';
import type { RecordAction } from '@/components/record-page/record-actions';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { useRecordIdParam, useRecordRoute } from '@/components/record-page/use-record-route';
import { formatCurrency } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { hasRight } from '@/lib/rights';
import { type OffenerPosten, openItemKeys, saveOpenItemFlags } from '../api';
import { levelColor } from '../level';
import { isOverdue } from '../list/list-filter';
import { NoOpenItemRight } from '../NoOpenItemRight';
import { PayContext } from '../pay-context';
import { PaymentDialog } from '../payments/PaymentDialog';
import { useOpenItemFromRoute } from '../use-open-item-id';

/** The tabs of an open item (OP-001). */
export const OPEN_ITEM_TABS = ['masterdata', 'paymentHistory'] as const;

const flagSchema = lazySchema('offenerPostenAenderung', fields);
type FlagForm = z.input<typeof SCHEMAS.offenerPostenAenderung>;
const toFlags = (r: OffenerPosten | undefined): DefaultValues<FlagForm> =>
  r ? { strittig: r.strittig, nichtMahnen: r.nichtMahnen, gesperrt: r.gesperrt } : { strittig: false, nichtMahnen: false, gesperrt: false };

/** /openItems/{id}: the record page; without BEK_SEHEN the no-data notice. */
export function OpenItemRecordPage() {
  const idParam = useRecordIdParam();
  const me = useMe().data;
  if (me && !hasRight(me, 'BEK_SEHEN')) return <NoOpenItemRight />;
  return <OpenItemRecord key={idParam} idParam={idParam} />;
}

function OpenItemRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation('openItems');
  const me = useMe().data;
  const { id, item: r, query } = useOpenItemFromRoute();
  const route = useRecordRoute({ listPath: '/openItems', backLabel: t('backToList'), tabs: OPEN_ITEM_TABS, tabLabel: (tab) => t(`tabs.${tab}`) }, idParam);
  const canWrite = hasRight(me, 'BEK_AENDERN');
  const [paying, setPaying] = useState<OffenerPosten | null>(null);
  const resolvePay = useRef<((fresh: OffenerPosten) => void) | null>(null);

  // the header action opens the dialog and ends when it closes (with the item after the payment, or as it was)
  const actions = useMemo<RecordAction<OffenerPosten>[]>(
    () => [
      {
        id: 'pay',
        label: t('payments.new'),
        icon: <IconCash size={16} />,
        rights: ['BEK_SEHEN', 'BEK_AENDERN'],
        enabled: (x) => !x.abgeschlossen,
        run: (x) =>
          new Promise<OffenerPosten>((resolve) => {
            resolvePay.current = resolve;
            setPaying(x);
          }),
      },
    ],
    [t],
  );

  const editor = useRecordEditor({
    schema: flagSchema,
    record: r,
    isNew: false,
    toFormValues: toFlags,
    ...route.editorRoutes,
    lock: { tabelle: 'OPV', id },
    canEdit: canWrite,
    canRemove: false,
    actions,
    onRecordChanged: (fresh) => queryClient.setQueryData(openItemKeys.detail(fresh.id), fresh),
    save: (data, ctx) => saveOpenItemFlags(id as number, data, ctx.lockToken, ctx.remark),
  });

  const closePayment = (fresh?: OffenerPosten) => {
    const current = paying;
    setPaying(null);
    const resolve = resolvePay.current;
    resolvePay.current = null;
    if (resolve && current) resolve(fresh ?? current);
  };
  const pay = () => {
    if (r && !r.abgeschlossen) void editor.runAction('pay');
  };

  const badges = r && (
    <>
      <Badge color={r.abgeschlossen ? 'green' : 'blue'} variant="light" data-testid="badge-state" visibleFrom="sm">
        {r.abgeschlossen ? t('state.completed') : t('state.open')}
      </Badge>
      <Badge color={levelColor(r.mahnstufe)} variant="light" data-testid="badge-level" visibleFrom="sm">
        {t('levelShort', { n: r.mahnstufe })}
      </Badge>
      {isOverdue(r) && (
        <Badge color="red" variant="filled" data-testid="badge-overdue">
          {t('overdue')}
        </Badge>
      )}
      {r.strittig && (
        <Badge color="orange" variant="light" visibleFrom="sm">
          {t('flags.disputed')}
        </Badge>
      )}
      {r.gesperrt && (
        <Badge color="red" variant="light" visibleFrom="sm">
          {t('flags.blocked')}
        </Badge>
      )}
    </>
  );

  return (
    <PayContext.Provider value={{ pay, canPay: canWrite && !!r && !r.abgeschlossen }}>
      <RecordPage
        documentTitle={r ? t('documentTitle', { nr: r.rechnungsnummer }) : t('title')}
        title={r?.rechnungsnummer ?? ''}
        subtitle={r ? [r.name1, t(`kind.${r.opvArt}`), `${t('f.offenerBetrag')} ${formatCurrency(r.offenerBetrag)}`] : undefined}
        loading={query.isLoading}
        loadError={query.error}
        badges={badges}
        {...route.page}
        editor={editor}
        editDisabledReason={t('noEditRight')}
      >
        <Outlet />
      </RecordPage>
      <PaymentDialog item={paying} onClose={closePayment} />
    </PayContext.Provider>
  );
}
