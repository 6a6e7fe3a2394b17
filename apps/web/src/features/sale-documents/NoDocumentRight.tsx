import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Without BEK_SEHEN (RIGHT-018) the screens show this notice and request nothing. */
export function NoDocumentRight() {
  const { t } = useTranslation('saleDocuments');
  return (
    <>
      <PageHeader title={t('title')} />
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="no-document-right">
        {t('noRight')}
      </Alert>
    </>
  );
}
