import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Without BEK_SEHEN the open-item screens show the general no-data notice (RIGHT-013). */
export function NoOpenItemRight() {
  const { t } = useTranslation('openItems');
  return (
    <>
      <PageHeader title={t('title')} />
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="open-items-no-data">
        {t('common.noData')}
      </Alert>
    </>
  );
}
