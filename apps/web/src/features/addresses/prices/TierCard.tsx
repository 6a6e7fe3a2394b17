import { ActionIcon, Button, Card, Group, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type Kundensonderpreis, STAFFELN, tierOrderIssues } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberIssue } from '@/components/form/input-fields';
import { SectionTitle } from '@/components/SectionTitle';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { formatCurrency, formatDecimal, formatPercent } from '@/lib/format';
import { formatNumberInput, parseNumber } from '@/lib/parse';
import { filledTiers, saveTiers, type TierKind, tierFields } from '../api-prices';

/** Fraction digits typed per tier field: quantities 3, prices and discounts 2. */
const scaleOf = (key: string) => (key.startsWith('menge') ? 3 : 2);
const toText = (key: string, v: number | null | undefined) => formatNumberInput(v, { scale: scaleOf(key), grouped: false });

/**
 * Reads the typed tiers in the user's language (issue 9 item 2): text that is no number, a quantity of 0 or below,
 * a discount outside 0–100, a tier with values but no quantity and quantities not rising are field errors — the
 * tiers are then not sent, nothing is dropped.
 */
export function readTiers(
  values: Record<string, string>,
  rows: number[],
  t: (key: 'errors.tooSmall' | 'errors.tooLarge' | 'errors.required' | 'form.tierOrder') => string,
): { parsed: Record<string, number | null>; errors: Record<string, string> } {
  const parsed: Record<string, number | null> = {};
  const errors: Record<string, string> = {};
  for (const [key, text] of Object.entries(values)) {
    const p = parseNumber(text, { scale: scaleOf(key) });
    if (!p.ok) {
      errors[key] = numberIssue(text, scaleOf(key)) ?? '';
      continue;
    }
    parsed[key] = p.value;
    const v = p.value;
    if (v === null) continue;
    if (key.startsWith('menge') && v <= 0) errors[key] = t('errors.tooSmall');
    else if (v < 0) errors[key] = t('errors.tooSmall');
    else if (key.startsWith('rabatt') && v > 100) errors[key] = t('errors.tooLarge');
  }
  for (const n of rows) {
    const hasValues = ['vk', 'rabatt'].some((f) => parsed[`${f}${n}`] != null);
    if (hasValues && parsed[`menge${n}`] == null && !errors[`menge${n}`]) errors[`menge${n}`] = t('errors.required');
  }
  for (const issue of tierOrderIssues(parsed)) errors[issue.field] ??= t('form.tierOrder');
  return { parsed, errors };
}

/**
 * Quantity-dependent prices or discounts: only filled tiers are rows (ADR-058); editing sends all tiers at once,
 * an emptied value as null (deleting it), without gross fields and id (ADR-061, ADR-062, ADR-064).
 */
export function TierCard({ kind, price, addressId, canEdit }: { kind: TierKind; price: Kundensonderpreis; addressId: number; canEdit: boolean }) {
  const { t } = useTranslation('addresses');
  const { t: ta } = useTranslation('app');
  const stored = price[kind];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState(false);
  const [rows, setRows] = useState<number[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const withPrices = kind === 'mengenabhaengigePreise';
  const f = useFieldLabel({ menge: t('prices.fields.menge') });

  const start = () => {
    setValues(Object.fromEntries(STAFFELN.flatMap((n) => tierFields(kind, n).map((k) => [k, toText(k, stored[k])]))));
    setErrors({});
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
    const edited = Object.fromEntries(Object.entries(values).filter(([k]) => !k.includes('Brutto')));
    const { parsed, errors: found } = readTiers(edited, rows, ta);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await saveTiers(addressId, price.id, kind, parsed);
      notifySuccess(t('notify.saved'));
      setEditing(false);
    } catch (e) {
      // the server's field errors name `mengenabhaengigePreise.menge3`: shown at the cell
      if (isApiError(e)) setErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, m]) => [k.replace(`${kind}.`, ''), m.join(' ')])));
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
        error={errors[`${field}${n}`]}
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
        <SectionTitle size="h5">{withPrices ? t('prices.tiersPrices') : t('prices.tiersDiscounts')}</SectionTitle>
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
