import { Anchor, Select, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useContext } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMetaContext } from '@/components/form/schema';
import { addressLabel } from '@/components/pickers/AddressPicker';
import { useAddress } from '@/features/addresses/api';
import type { Zusatzadresse } from '@/features/addresses/api-sub';
import { useCustomerAdditionalAddresses } from '../api';

/** "Müller GmbH, Hauptstr. 1, 20095 Hamburg" — an additional address as the PDF prints it, on one line. */
export const additionalLabel = (z: Pick<Zusatzadresse, 'name1' | 'name2' | 'strasse' | 'plz' | 'ort'>) =>
  [z.name1, z.name2, z.strasse, [z.plz, z.ort].filter(Boolean).join(' ')].filter((x) => !!x && x.trim() !== '').join(', ');

/**
 * The billing or delivery address of a document (BEL-019, issue 19 item 11): the head's `rechnungsadresseId` and
 * `lieferadresseId` hold ids of the customer's additional addresses (zusatzadressen) — the ones the PDF prints. In edit
 * mode a choice among the customer's additional addresses (those of the matching kind first); in view mode the chosen
 * one with a link to it; empty = the customer's own address.
 */
export function AddressIdField({ name, label, adresseId, art }: { name: string; label: string; adresseId: number | null; art: string }) {
  const { t } = useTranslation(['saleDocuments', 'addresses']);
  const arten: Record<string, string> = t('addresses:additional.art', { returnObjects: true });
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const meta = useContext(FormMetaContext);
  const id = (field.value as number | null | undefined) ?? null;
  const list = useCustomerAdditionalAddresses(adresseId);
  const rows = adresseId ? (list.data ?? []) : [];
  const chosen = rows.find((z) => z.id === id);
  if (!meta.readOnly) {
    const sorted = [...rows].sort((a, b) => Number(b.art === art) - Number(a.art === art));
    const data = sorted.map((z) => ({ value: String(z.id), label: `${additionalLabel(z)} (${arten[z.art] ?? z.art})` }));
    // a stored id that is not (or no longer) one of the customer's additional addresses stays visible as a number
    if (id && !chosen) data.push({ value: String(id), label: `#${id}` });
    return (
      <Select
        label={label}
        data={data}
        value={id ? String(id) : null}
        onChange={(v) => field.onChange(v ? Number(v) : null)}
        placeholder={t('sameAsMain')}
        clearable
        searchable
        nothingFoundMessage={t('noAdditionalAddress')}
        data-testid={`field-${name}`}
      />
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {id && adresseId ? (
        <Anchor component={Link} to={`/addresses/${adresseId}/additionalAddress/${id}`} size="sm" data-testid={`field-${name}`}>
          {chosen ? additionalLabel(chosen) : `#${id}`}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed" data-testid={`field-${name}`}>
          {t('sameAsMain')}
        </Text>
      )}
    </Stack>
  );
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
