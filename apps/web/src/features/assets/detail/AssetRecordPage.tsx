import { Badge } from '@mantine/core';
import { Outlet, useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { type BackRouteSearch, resolveBackLink } from '@/components/record-page/back-link';
import { RecordPage, type RecordTab } from '@/components/record-page/RecordPage';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { hasRight } from '@/lib/rights';
import { deleteAsset, saveAsset, useAsset } from '../api';
import { NoAssetRight } from '../NoAssetRight';
import { assetSchema, toAssetForm } from './asset-form';

/** The tabs of an asset (ASS-001). */
export const ASSET_TABS = ['masterdata', 'files'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

/** /assets/{id} and /assets/new on the generic record page; without ASS_SEHEN the no-data notice (RIGHT-013). */
export function AssetRecordPage() {
  const { id: idParam } = useParams({ strict: false }) as { id: string };
  const me = useMe().data;
  if (me && !hasRight(me, 'ASS_SEHEN')) return <NoAssetRight />;
  return <AssetRecord key={idParam} idParam={idParam} />;
}

function AssetRecord({ idParam }: { idParam: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as BackRouteSearch;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const me = useMe().data;
  const isNew = idParam === 'new';
  const id = isNew ? null : Number(idParam);
  const asset = useAsset(id);
  const back = resolveBackLink(search, { to: '/assets', label: t('assets.backToList') });
  const basePath = `/assets/${idParam}`;
  const a = asset.data;

  const editor = useRecordEditor({
    schema: assetSchema,
    record: a,
    isNew,
    toFormValues: toAssetForm,
    lock: { tabelle: 'ASS', id },
    canEdit: hasRight(me, 'ASS_AENDERN'),
    canRemove: hasRight(me, 'ASS_LOESCHEN'),
    basePath,
    save: (data, ctx) => saveAsset(id, data as never, ctx.lockToken),
    remove: async (ctx) => {
      if (id) await deleteAsset(id, ctx.lockToken);
    },
    removeConfirmText: t('assets.removeConfirm', { name: a?.bezeichnung ?? '' }),
    onCreated: (newId) => void navigate({ to: '/assets/$id/masterdata', params: { id: String(newId) }, search, replace: true }),
    onRemoved: () => void navigate({ to: back.to as never }),
    onDiscardNew: () => void navigate({ to: back.to as never }),
    onEditStart: () => {
      if (!pathname.endsWith('/masterdata')) void navigate({ to: '/assets/$id/masterdata', params: { id: idParam }, search });
    },
  });

  const tabs: RecordTab[] = ASSET_TABS.map((tab) => ({ id: tab, label: t(`assets.tabs.${tab}`), disabled: isNew && tab !== 'masterdata' }));
  const active = tabs.find((tab) => pathname === `${basePath}/${tab.id}` || pathname.startsWith(`${basePath}/${tab.id}/`))?.id ?? null;
  const subtitle = a
    ? [`${t('assets.fields.assetnummer')} ${a.assetnummer}`, a.seriennummer ? `${t('assets.fields.seriennummer')} ${a.seriennummer}` : null]
        .filter(Boolean)
        .join(' · ')
    : undefined;

  return (
    <RecordPage
      title={isNew ? t('assets.newTitle') : (a?.bezeichnung ?? '')}
      subtitle={subtitle}
      loading={!isNew && asset.isLoading}
      badges={
        a && (
          <Badge color={a.istAktiv ? 'green' : 'gray'} variant="light" data-testid="badge-active">
            {a.istAktiv ? t('assets.active') : t('assets.inactive')}
          </Badge>
        )
      }
      back={back}
      tabs={tabs}
      activeTab={active}
      onTabChange={(tab) => void navigate({ to: `/assets/$id/${tab as AssetTab}`, params: { id: idParam }, search })}
      editor={editor}
      editDisabledReason={t('assets.noEditRight')}
    >
      <Outlet />
    </RecordPage>
  );
}
