import { Stack } from '@mantine/core';
import { useMe } from '@/app/auth/session';
import { hasRight } from '@/lib/rights';
import { useAssetFromRoute } from '../use-asset-id';
import { FileList } from './FileList';
import { ImageCarousel } from './ImageCarousel';

/** The files tab: image carousel and file list (ASS-006). */
export function FilesTab() {
  const { id } = useAssetFromRoute();
  const canEdit = hasRight(useMe().data, 'ASS_AENDERN');
  if (!id) return null;
  return (
    <Stack gap="md">
      <ImageCarousel assetId={id} canEdit={canEdit} />
      <FileList assetId={id} canEdit={canEdit} />
    </Stack>
  );
}
