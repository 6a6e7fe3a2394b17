import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';

/** Without ERV_SEHEN: the screen's title and a notice instead of the data. */
export function NoIncomingInvoiceRight() {
  const { t } = useTranslation('incomingInvoices');
  return (
    <>
      <PageHeader title={t('title')} />
      <Alert color="gray" icon={<IconLock size={16} />} data-testid="no-right">
        {t('noRight')}
      </Alert>
    </>
  );
}
