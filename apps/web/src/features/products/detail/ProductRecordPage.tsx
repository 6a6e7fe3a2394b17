import { Badge } from '@mantine/core';
import { Outlet, useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { type BackRouteSearch, resolveBackLink } from '@/components/record-page/back-link';
import { RecordPage, type RecordTab } from '@/components/record-page/RecordPage';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { hasRight } from '@/lib/rights';
import { deleteProduct, saveProduct, useProduct } from '../api';
import { hasServiceStorageTab, hasStorageTab, productSchema, toProductForm } from './product-form';

/** The tabs of a product in their order (ART-001). */
export const PRODUCT_TABS = ['masterdata', 'customFields', 'storage', 'serviceStorage'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** /products/{id} and /products/new on the generic record page; create, change, delete under ART_AENDERN/ART_LOESCHEN. */
export function ProductRecordPage() {
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  return <ProductRecord key={idParam} idParam={idParam} />;
}

function ProductRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as BackRouteSearch;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const me = useMe().data;
  const isNew = idParam === 'new';
  const id = isNew ? null : Number(idParam);
  const product = useProduct(id);
  const back = resolveBackLink(search, { to: '/products', label: t('products.backToList') });
  const basePath = `/products/${idParam}`;
  const p = product.data;

  const editor = useRecordEditor({
    schema: productSchema,
    record: p,
    isNew,
    toFormValues: toProductForm,
    lock: { tabelle: 'ART', id },
    canEdit: hasRight(me, 'ART_AENDERN'),
    canRemove: hasRight(me, 'ART_LOESCHEN'),
    basePath,
    save: (data, ctx) => saveProduct(id, data as never, ctx.lockToken),
    remove: async (ctx) => {
      if (id) await deleteProduct(id, ctx.lockToken);
    },
    removeConfirmText: t('products.removeConfirm', { name: p?.bezeichnung ?? '' }),
    onCreated: (newId) => void navigate({ to: '/products/$id/masterdata', params: { id: String(newId) }, search, replace: true }),
    onRemoved: () => void navigate({ to: back.to as never }),
    onDiscardNew: () => void navigate({ to: back.to as never }),
    onEditStart: () => {
      if (!pathname.endsWith('/masterdata') && !pathname.endsWith('/customFields'))
        void navigate({ to: '/products/$id/masterdata', params: { id: idParam }, search });
    },
  });

  const visible = (tab: ProductTab) =>
    tab === 'storage' ? hasStorageTab(p?.artikelart) : tab === 'serviceStorage' ? hasServiceStorageTab(p?.artikelart, !!me?.techniker) : true;
  const tabs: RecordTab[] = PRODUCT_TABS.filter(visible).map((tab) => ({
    id: tab,
    label: t(`products.tabs.${tab}`),
    disabled: isNew && tab !== 'masterdata',
  }));
  const active = tabs.find((tab) => pathname === `${basePath}/${tab.id}` || pathname.startsWith(`${basePath}/${tab.id}/`))?.id ?? null;
  const subtitle = p
    ? [
        `${t('products.fields.artikelnummer')} ${p.artikelnummer}`,
        p.ean ? `${t('products.fields.ean')} ${p.ean}` : null,
        t(`products.artikelart.${p.artikelart}` as 'products.artikelart.1'),
      ]
        .filter(Boolean)
        .join(' · ')
    : undefined;

  return (
    <RecordPage
      title={isNew ? t('products.newTitle') : (p?.bezeichnung ?? '')}
      subtitle={subtitle}
      loading={!isNew && product.isLoading}
      badges={
        p?.gesperrt && (
          <Badge color="red" variant="light" data-testid="badge-blocked">
            {t('products.blocked')}
          </Badge>
        )
      }
      back={back}
      tabs={tabs}
      activeTab={active}
      onTabChange={(tab) => void navigate({ to: `/products/$id/${tab as ProductTab}`, params: { id: idParam }, search })}
      editor={editor}
      editDisabledReason={t('products.noEditRight')}
    >
      <Outlet />
    </RecordPage>
  );
}
