import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Without ASS_SEHEN the asset screens show the general no-data notice (RIGHT-013). */
export function NoAssetRight() {
  const { t } = useTranslation('assets');
  return (
    <>
      <PageHeader title={t('title')} />
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="assets-no-data">
        {t('common.noData')}
      </Alert>
    </>
  );
}
