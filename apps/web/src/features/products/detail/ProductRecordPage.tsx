import { Badge } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { RecordPage } from '@/components/record-page/RecordPage';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { keyedByRecordId, parseRecordId, useRecordRoute } from '@/components/record-page/use-record-route';
import { hasRight } from '@/lib/rights';
import { deleteProduct, saveProduct, useProduct } from '../api';
import { hasServiceStorageTab, hasStorageTab, productSchema, toProductForm } from './product-form';

/** The tabs of a product in their order (ART-001). */
export const PRODUCT_TABS = ['masterdata', 'customFields', 'storage', 'serviceStorage'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** /products/{id} and /products/new on the generic record page; create, change, delete under ART_AENDERN/ART_LOESCHEN. */
export const ProductRecordPage = keyedByRecordId(ProductRecord);

function ProductRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation(['products', 'fields']);
  const me = useMe().data;
  const { id, isNew } = parseRecordId(idParam);
  const product = useProduct(id);
  const p = product.data;
  const visible = (tab: ProductTab) =>
    tab === 'storage' ? hasStorageTab(p?.artikelart) : tab === 'serviceStorage' ? hasServiceStorageTab(p?.artikelart, !!me?.techniker) : true;
  const route = useRecordRoute(
    {
      listPath: '/products',
      backLabel: t('backToList'),
      tabs: PRODUCT_TABS,
      tabLabel: (tab) => t(`tabs.${tab}`),
      visible: (tab) => visible(tab as ProductTab),
      editTabs: ['masterdata', 'customFields'],
    },
    idParam,
  );

  const editor = useRecordEditor({
    schema: productSchema,
    record: p,
    isNew,
    toFormValues: toProductForm,
    ...route.editorRoutes,
    lock: { tabelle: 'ART', id },
    canEdit: hasRight(me, 'ART_AENDERN'),
    canRemove: hasRight(me, 'ART_LOESCHEN'),
    save: (data, ctx) => saveProduct(id, data, ctx.lockToken),
    remove: async (ctx) => {
      if (id) await deleteProduct(id, ctx.lockToken);
    },
    removeConfirmText: t('removeConfirm', { name: p?.bezeichnung ?? '' }),
  });

  const artikelarten: Record<string, string> = t('artikelart', { returnObjects: true });
  const subtitle = p
    ? [`${t('fields.artikelnummer')} ${p.artikelnummer}`, p.ean ? `${t('fields:ean')} ${p.ean}` : null, artikelarten[p.artikelart] ?? p.artikelart]
    : undefined;

  return (
    <RecordPage
      documentTitle={isNew ? t('new') : p && t('documentTitle', { nr: p.artikelnummer })}
      title={isNew ? t('new') : (p?.bezeichnung ?? '')}
      subtitle={subtitle}
      loading={!isNew && product.isLoading}
      loadError={product.error}
      badges={
        p?.gesperrt && (
          <Badge color="red" variant="light" data-testid="badge-blocked">
            {t('blocked')}
          </Badge>
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
