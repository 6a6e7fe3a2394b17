import { Badge } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { RecordPage } from '@/components/record-page/RecordPage';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { keyedByRecordId, parseRecordId, useRecordRoute } from '@/components/record-page/use-record-route';
import { useUsageParameters } from '@/lib/reference-data';
import { hasRight } from '@/lib/rights';
import { deleteAddress, saveAddress, useAddress, useRemarkRequired } from '../api';
import { addressSchema, toAddressForm } from './address-form';

/** The tabs of an address in their order (ADR-006); deals and tickets with their see-right and usage parameter; saleDocuments is the sale-document route set mounted below the address. */
export const ADDRESS_TABS = [
  'dashboard',
  'masterdata',
  'activities',
  'persons',
  'additionalAddress',
  'customerSpecificPrices',
  'files',
  'saleDocuments',
  'deals',
  'tickets',
  'history',
  'backorders',
] as const;
export type AddressTab = (typeof ADDRESS_TABS)[number];

/** /addresses/{id} and /addresses/new on the generic record page (ADR-005, ADR-011..018). */
export const AddressRecordPage = keyedByRecordId(AddressRecord);

function AddressRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation(['addresses', 'fields']);
  const me = useMe().data;
  const { id, isNew } = parseRecordId(idParam);
  const address = useAddress(id);
  const remarkRequired = useRemarkRequired();
  const usage = useUsageParameters().data;
  // the deals tab with DEALS_SEHEN while the usage parameter deals is on (RIGHT-022), the tickets tab with TKT_ANSEHEN
  // while tickets is on (RIGHT-026)
  const visible = (tab: AddressTab) =>
    tab === 'tickets'
      ? hasRight(me, 'TKT_ANSEHEN') && usage?.tickets !== false
      : tab === 'deals'
        ? hasRight(me, 'DEALS_SEHEN') && usage?.deals !== false
        : true;
  const route = useRecordRoute(
    { listPath: '/addresses', backLabel: t('backToList'), tabs: ADDRESS_TABS, tabLabel: (tab) => t(`tabs.${tab}`), visible },
    idParam,
  );

  const editor = useRecordEditor({
    schema: addressSchema,
    record: address.data,
    isNew,
    toFormValues: toAddressForm,
    ...route.editorRoutes,
    lock: { tabelle: 'ADR', id },
    remarkRequired,
    canEdit: hasRight(me, 'ADR_AENDERN'),
    canRemove: hasRight(me, 'ADR_LOESCHEN'),
    save: (data, ctx) => saveAddress(id, data, { remark: ctx.remark, lockToken: ctx.lockToken }),
    remove: async (ctx) => {
      if (id) await deleteAddress(id, { remark: ctx.remark, lockToken: ctx.lockToken });
    },
    removeConfirmText: t('removeConfirm', { name: address.data?.name1 ?? '' }),
  });

  const a = address.data;
  const subtitle = a
    ? [
        `${t('fields:adressnummer')} ${a.adressnummer}`,
        a.kundennummer ? `${t('fields:kundennummer')} ${a.kundennummer}` : null,
        [a.plz, a.ort].filter(Boolean).join(' ') || null,
      ]
    : undefined;

  return (
    <RecordPage
      documentTitle={isNew ? t('new') : a && t('documentTitle', { nr: a.adressnummer })}
      title={isNew ? t('new') : (a?.name1 ?? '')}
      subtitle={subtitle}
      loading={!isNew && address.isLoading}
      loadError={address.error}
      badges={
        a && (
          <>
            {a.gesperrt && (
              <Badge color="red" variant="light" data-testid="badge-blocked">
                {t('blocked')}
              </Badge>
            )}
            {a.unvollstaendig && (
              <Badge color="yellow" variant="light" data-testid="badge-incomplete">
                {t('incomplete')}
              </Badge>
            )}
            {a.istKunde && (
              <Badge color="gray" variant="outline" visibleFrom="sm">
                {t('customer')}
              </Badge>
            )}
            {a.istLieferant && (
              <Badge color="gray" variant="outline" visibleFrom="sm">
                {t('supplier')}
              </Badge>
            )}
          </>
        )
      }
      {...route.page}
      editor={editor}
      editDisabledReason={t('noEditRight')}
    >
      <Outlet />
    </RecordPage>
  );
}
