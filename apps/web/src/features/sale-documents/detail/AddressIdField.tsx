import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useContext } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMetaContext } from '@/components/form/schema';
import { AddressPicker, addressLabel } from '@/components/pickers/AddressPicker';
import { useAddress } from '@/features/addresses/api';

/** An address of the document (billing, delivery): a picker in edit mode, the address as a link in view mode; empty = the customer's own. */
export function AddressIdField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('saleDocuments');
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const meta = useContext(FormMetaContext);
  const id = (field.value as number | null | undefined) ?? null;
  if (!meta.readOnly)
    return <AddressPicker label={label} value={id} onChange={(v) => field.onChange(v)} placeholder={t('sameAsMain')} data-testid={`field-${name}`} />;
  return <AddressLink label={label} id={id} testId={`field-${name}`} />;
}

/** An address by name and number with a link to it; no id = "wie Kunde". */
export function AddressLink({ label, id, testId }: { label: string; id: number | null; testId?: string }) {
  const { t } = useTranslation('saleDocuments');
  const address = useAddress(id);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {id ? (
        <Anchor component={Link} to={`/addresses/${id}/dashboard`} size="sm" data-testid={testId}>
          {address.data ? addressLabel(address.data) : `#${id}`}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed" data-testid={testId}>
          {t('sameAsMain')}
        </Text>
      )}
    </Stack>
  );
}
