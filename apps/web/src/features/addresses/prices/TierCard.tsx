import { ActionIcon, Button, Card, Group, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type Kundensonderpreis, STAFFELN } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatCurrency, formatDecimal, formatPercent } from '@/lib/format';
import { filledTiers, saveTiers, type TierKind, tierFields } from '../api-prices';

const toText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

/**
 * Quantity-dependent prices or discounts: only filled tiers are rows (ADR-058); editing sends all tiers at once,
 * an emptied value as null (deleting it), without gross fields and id (ADR-061, ADR-062, ADR-064).
 */
export function TierCard({ kind, price, addressId, canEdit }: { kind: TierKind; price: Kundensonderpreis; addressId: number; canEdit: boolean }) {
  const { t } = useTranslation('addresses');
  const stored = price[kind];
  const [editing, setEditing] = useState(false);
  const [rows, setRows] = useState<number[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const withPrices = kind === 'mengenabhaengigePreise';
  const f = useFieldLabel({ menge: t('prices.fields.menge') });

  const start = () => {
    setValues(Object.fromEntries(STAFFELN.flatMap((n) => tierFields(kind, n).map((k) => [k, toText(stored[k])]))));
    setRows(filledTiers(kind, stored));
    setEditing(true);
  };
  const addRow = () => {
    const next = STAFFELN.find((n) => !rows.includes(n));
    if (next) setRows([...rows, next].sort((a, b) => a - b));
  };
  const removeRow = (n: number) => {
    setRows(rows.filter((r) => r !== n));
    setValues({ ...values, ...Object.fromEntries(tierFields(kind, n).map((k) => [k, ''])) });
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveTiers(addressId, price.id, kind, values);
      notifySuccess(t('notify.saved'));
      setEditing(false);
    } catch (e) {
      handleApiError(e);
    } finally {
      setSaving(false);
    }
  };

  const shown = editing ? rows : filledTiers(kind, stored);
  const cell = (n: number, field: 'menge' | 'vk' | 'rabatt', suffix?: string) =>
    editing ? (
      <TextInput
        size="xs"
        value={values[`${field}${n}`] ?? ''}
        onChange={(e) => setValues({ ...values, [`${field}${n}`]: e.currentTarget.value })}
        rightSection={suffix ? <Text size="xs">{suffix}</Text> : undefined}
        inputMode="decimal"
        aria-label={`${f(field)} ${n}`}
        data-testid={`tier-${n}-${field}`}
        w={110}
      />
    ) : field === 'menge' ? (
      formatDecimal(stored[`menge${n}`])
    ) : field === 'rabatt' ? (
      formatPercent(stored[`rabatt${n}`])
    ) : (
      formatCurrency(stored[`${field}${n}`])
    );

  return (
    <Card withBorder radius="md" padding="md" data-testid={`tiers-${kind}`}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {withPrices ? t('prices.tiersPrices') : t('prices.tiersDiscounts')}
        </Title>
        {canEdit &&
          (editing ? (
            <Group gap="xs">
              <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={() => setEditing(false)} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button size="xs" leftSection={<IconDeviceFloppy size={14} />} onClick={() => void save()} loading={saving} data-testid="tier-save">
                {t('common.save')}
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={start} data-testid="tier-edit">
              {t('prices.editTiers')}
            </Button>
          ))}
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="tiers-empty">
          {t('prices.noTiers')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('prices.tier')}</Table.Th>
                <Table.Th ta="right">{f('menge')}</Table.Th>
                {withPrices && <Table.Th ta="right">{f('vk')}</Table.Th>}
                {withPrices && <Table.Th ta="right">{f('vkBrutto')}</Table.Th>}
                <Table.Th ta="right">{f('rabatt')}</Table.Th>
                {editing && <Table.Th w={40} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((n) => (
                <Table.Tr key={n} data-testid="tier-row">
                  <Table.Td>{n}</Table.Td>
                  <Table.Td ta="right">{cell(n, 'menge')}</Table.Td>
                  {withPrices && <Table.Td ta="right">{cell(n, 'vk', '€')}</Table.Td>}
                  {withPrices && <Table.Td ta="right">{formatCurrency(stored[`vk${n}Brutto`])}</Table.Td>}
                  <Table.Td ta="right">{cell(n, 'rabatt', '%')}</Table.Td>
                  {editing && (
                    <Table.Td>
                      <Tooltip label={t('common.delete')}>
                        <ActionIcon variant="subtle" color="red" onClick={() => removeRow(n)} aria-label={t('common.delete')}>
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && rows.length < STAFFELN.length && (
        <Button size="xs" variant="subtle" mt="xs" leftSection={<IconPlus size={14} />} onClick={addRow} data-testid="tier-add">
          {t('prices.addTier')}
        </Button>
      )}
    </Card>
  );
}
