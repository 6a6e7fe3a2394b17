import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormCard } from '@/components/form/FormCard';
import { TextField } from '@/components/form/fields';

/** The deal's free fields frei01 and frei02 (DEAL-001 customFields), edited with the record. */
export function CustomFieldsTab() {
  const { t } = useTranslation('deals');
  return (
    <Stack gap="md" data-testid="deal-custom-fields">
      <FormCard title={t('cards.free')}>
        <TextField name="frei01" label={t('f.frei01')} />
        <TextField name="frei02" label={t('f.frei02')} />
      </FormCard>
    </Stack>
  );
}
