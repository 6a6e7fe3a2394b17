import { Badge } from '@mantine/core';
import { Outlet, useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { type BackRouteSearch, resolveBackLink } from '@/components/record-page/back-link';
import { RecordPage, type RecordTab } from '@/components/record-page/RecordPage';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { hasRight } from '@/lib/rights';
import { deleteAddress, saveAddress, useAddress, useRemarkRequired } from '../api';
import { addressSchema, toAddressForm } from './address-form';

/** The tabs of an address in their order (ADR-006); deals, tickets and sale documents come with their areas. */
export const ADDRESS_TABS = [
  'dashboard',
  'masterdata',
  'activities',
  'persons',
  'additionalAddress',
  'customerSpecificPrices',
  'files',
  'history',
  'backorders',
] as const;
export type AddressTab = (typeof ADDRESS_TABS)[number];

/** /addresses/{id} and /addresses/new on the generic record page (ADR-005, ADR-011..018). */
export function AddressRecordPage() {
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  return <AddressRecord key={idParam} idParam={idParam} />;
}

function AddressRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as BackRouteSearch;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const me = useMe().data;
  const isNew = idParam === 'new';
  const id = isNew ? null : Number(idParam);
  const address = useAddress(id);
  const remarkRequired = useRemarkRequired();
  const back = resolveBackLink(search, { to: '/addresses', label: t('addresses.backToList') });
  const basePath = `/addresses/${idParam}`;

  const editor = useRecordEditor({
    schema: addressSchema,
    record: address.data,
    isNew,
    toFormValues: toAddressForm,
    lock: { tabelle: 'ADR', id },
    remarkRequired,
    canEdit: hasRight(me, 'ADR_AENDERN'),
    canRemove: hasRight(me, 'ADR_LOESCHEN'),
    basePath,
    save: (data, ctx) => saveAddress(id, data, { remark: ctx.remark, lockToken: ctx.lockToken }),
    remove: async (ctx) => {
      if (id) await deleteAddress(id, { remark: ctx.remark, lockToken: ctx.lockToken });
    },
    removeConfirmText: t('addresses.removeConfirm', { name: address.data?.name1 ?? '' }),
    onCreated: (newId) => void navigate({ to: '/addresses/$id/masterdata', params: { id: String(newId) }, search, replace: true }),
    onRemoved: () => void navigate({ to: back.to as never }),
    onDiscardNew: () => void navigate({ to: back.to as never }),
    onEditStart: () => {
      if (!pathname.endsWith('/masterdata')) void navigate({ to: '/addresses/$id/masterdata', params: { id: idParam }, search });
    },
  });

  const active = (ADDRESS_TABS as readonly string[]).find((tab) => pathname === `${basePath}/${tab}` || pathname.startsWith(`${basePath}/${tab}/`)) ?? null;
  const tabs: RecordTab[] = ADDRESS_TABS.map((tab) => ({ id: tab, label: t(`addresses.tabs.${tab}`), disabled: isNew && tab !== 'masterdata' }));
  const a = address.data;
  const subtitle = a
    ? [
        `${t('addresses.fields.adressnummer')} ${a.adressnummer}`,
        a.kundennummer ? `${t('addresses.fields.kundennummer')} ${a.kundennummer}` : null,
        [a.plz, a.ort].filter(Boolean).join(' ') || null,
      ]
        .filter(Boolean)
        .join(' · ')
    : undefined;

  return (
    <RecordPage
      title={isNew ? t('addresses.newTitle') : (a?.name1 ?? '')}
      subtitle={subtitle}
      loading={!isNew && address.isLoading}
      badges={
        a && (
          <>
            {a.gesperrt && (
              <Badge color="red" variant="light" data-testid="badge-blocked">
                {t('addresses.blocked')}
              </Badge>
            )}
            {a.unvollstaendig && (
              <Badge color="yellow" variant="light" data-testid="badge-incomplete">
                {t('addresses.incomplete')}
              </Badge>
            )}
            {a.istKunde && (
              <Badge color="gray" variant="outline" visibleFrom="sm">
                {t('addresses.customer')}
              </Badge>
            )}
            {a.istLieferant && (
              <Badge color="gray" variant="outline" visibleFrom="sm">
                {t('addresses.supplier')}
              </Badge>
            )}
          </>
        )
      }
      back={back}
      tabs={tabs}
      activeTab={active}
      onTabChange={(tab) => void navigate({ to: `/addresses/$id/${tab as AddressTab}`, params: { id: idParam }, search })}
      editor={editor}
      editDisabledReason={t('addresses.noEditRight')}
    >
      <Outlet />
    </RecordPage>
  );
}
