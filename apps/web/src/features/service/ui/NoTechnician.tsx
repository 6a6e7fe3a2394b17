import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown on a technician screen to a user without a technician record (RIGHT-006). */
export function NoTechnician() {
  const { t } = useTranslation('service');
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="no-technician">
      {t('noTechnician')}
    </Alert>
  );
}
