import { Badge } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { RecordPage } from '@/components/record-page/RecordPage';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { parseRecordId, useRecordIdParam, useRecordRoute } from '@/components/record-page/use-record-route';
import { hasRight } from '@/lib/rights';
import { deleteAsset, saveAsset, useAsset } from '../api';
import { NoAssetRight } from '../NoAssetRight';
import { assetSchema, toAssetForm } from './asset-form';

/** The tabs of an asset (ASS-001). */
export const ASSET_TABS = ['masterdata', 'files'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

/** /assets/{id} and /assets/new on the generic record page; without ASS_SEHEN the no-data notice (RIGHT-013). */
export function AssetRecordPage() {
  const idParam = useRecordIdParam();
  const me = useMe().data;
  if (me && !hasRight(me, 'ASS_SEHEN')) return <NoAssetRight />;
  return <AssetRecord key={idParam} idParam={idParam} />;
}

function AssetRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation(['assets', 'fields']);
  const me = useMe().data;
  const { id, isNew } = parseRecordId(idParam);
  const asset = useAsset(id);
  const route = useRecordRoute({ listPath: '/assets', backLabel: t('backToList'), tabs: ASSET_TABS, tabLabel: (tab) => t(`tabs.${tab}`) }, idParam);
  const a = asset.data;

  const editor = useRecordEditor({
    schema: assetSchema,
    record: a,
    isNew,
    toFormValues: toAssetForm,
    ...route.editorRoutes,
    lock: { tabelle: 'ASS', id },
    canEdit: hasRight(me, 'ASS_AENDERN'),
    canRemove: hasRight(me, 'ASS_LOESCHEN'),
    save: (data, ctx) => saveAsset(id, data, ctx.lockToken),
    remove: async (ctx) => {
      if (id) await deleteAsset(id, ctx.lockToken);
    },
    removeConfirmText: t('removeConfirm', { name: a?.bezeichnung ?? '' }),
  });

  const subtitle = a ? [`${t('fields:assetnummer')} ${a.assetnummer}`, a.seriennummer ? `${t('fields:seriennummer')} ${a.seriennummer}` : null] : undefined;

  return (
    <RecordPage
      documentTitle={isNew ? t('new') : a && t('documentTitle', { nr: a.assetnummer })}
      title={isNew ? t('new') : (a?.bezeichnung ?? '')}
      subtitle={subtitle}
      loading={!isNew && asset.isLoading}
      loadError={asset.error}
      badges={
        a && (
          <Badge color={a.istAktiv ? 'green' : 'gray'} variant="light" data-testid="badge-active">
            {a.istAktiv ? t('active') : t('inactive')}
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
