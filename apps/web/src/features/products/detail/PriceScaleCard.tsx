import { ActionIcon, Button, Card, Center, Group, SimpleGrid, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { preisstaffelZeileEingabe, STAFFEL_STUFEN } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialogs/confirm';
import { eagerSchema } from '@/components/form/eager-schema';
import { DateField, NumberField } from '@/components/form/fields';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { SectionTitle } from '@/components/SectionTitle';
import { useFieldLabel } from '@/i18n/field-label';
import { useReferenceLabels } from '@/i18n/reference';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatCurrency, formatDate, formatDecimal, formatPercent } from '@/lib/format';
import { type ScaleRow, savePriceScale, usePriceGroups, usePriceScale } from '../api';

/** Five price-group tabs are shown (ART-018). */
export const PRICE_GROUP_TABS = 5;
const tiersOf = (ap: 'AP3' | 'AP5') => STAFFEL_STUFEN.slice(0, ap === 'AP5' ? 5 : 3);
const TIER_FIELDS = ['menge', 'vk', 'aufschlag'] as const;

/** The dialog's schema (validation and field meta data): one price group's scale for a period. */
const scaleRowForm = eagerSchema(preisstaffelZeileEingabe);

/** A row as the PUT takes it: the price group, the period and the tiers set (gross and names are the server's). */
const toInput = (r: ScaleRow, ap: 'AP3' | 'AP5') => ({
  preisgruppe: r.preisgruppe,
  gueltigVon: r.gueltigVon,
  gueltigBis: r.gueltigBis,
  ...Object.fromEntries(tiersOf(ap).flatMap((n) => TIER_FIELDS.map((k) => [`${k}${n}`, (r[`${k}${n}`] as number | null | undefined) ?? null]))),
});

/**
 * The graduated prices of a product: AP3 (staffel '2') or AP5 (staffel '5'), one tab per price group named from
 * /stammdaten/preisgruppen; per group its scales, each valid for a period (gueltigVon … gueltigBis, ART-019), with the
 * tiers' menge, vk, vkBrutto and aufschlag; "no data" without rows (ART-004, ART-013..020). With ART_AENDERN a scale is
 * added, changed or removed in a dialog; the server checks the periods (end not before start, no overlap).
 */
export function PriceScaleCard({ productId, staffel, canEdit = false }: { productId: number | null; staffel: string | null | undefined; canEdit?: boolean }) {
  const { t } = useTranslation(['products', 'fields']);
  const f = useFieldLabel();
  const ref = useReferenceLabels();
  const scale = usePriceScale(productId, staffel);
  const groups = usePriceGroups().data ?? [];
  const rows = (scale.data ?? []) as ScaleRow[];
  const ap = staffel === '5' ? 'AP5' : 'AP3';
  const tabs = groups.slice(0, PRICE_GROUP_TABS);
  const editable = canEdit && !!productId && (staffel === '2' || staffel === '5');
  const empty = !scale.isLoading && rows.length === 0 && !editable;
  // the row being edited (its index in `rows`), or a new one for a price group
  const [editing, setEditing] = useState<{ index: number } | { group: number } | null>(null);
  const current = editing && 'index' in editing ? rows[editing.index] : undefined;

  const others = (index: number | null) => rows.filter((_, i) => i !== index).map((r) => toInput(r, ap));
  const remove = async (index: number) => {
    if (!(await confirmDialog({ message: t('priceScale.removeConfirm'), danger: true, confirmLabel: t('common.delete') }))) return;
    try {
      await savePriceScale(productId as number, ap, others(index));
      notifySuccess(t('notify.deleted'));
    } catch (e) {
      handleApiError(e);
    }
  };
  const period = (r: ScaleRow) =>
    r.gueltigVon || r.gueltigBis
      ? t('priceScale.period', { von: formatDate(r.gueltigVon) || '…', bis: formatDate(r.gueltigBis) || '…' })
      : t('priceScale.noPeriod');

  return (
    <Card withBorder radius="md" padding="md" data-testid="price-scale">
      <SectionTitle size="h5" mb="sm">
        {t('priceScale.title')}
        {staffel && (
          <Text span size="sm" c="dimmed" ml="xs">
            {t('priceScale.kind', { ap, tiers: tiersOf(ap).length })}
          </Text>
        )}
      </SectionTitle>
      {empty || tabs.length === 0 ? (
        <Center p="md">
          <Text size="sm" c="dimmed" data-testid="price-scale-empty">
            {t('common.noData')}
          </Text>
        </Center>
      ) : (
        <Tabs defaultValue={String(tabs[0]?.nummer ?? 1)} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {tabs.map((g) => (
              <Tabs.Tab key={g.nummer} value={String(g.nummer)} data-testid={`price-group-${g.nummer}`}>
                {ref.priceGroup(g.bezeichnung)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((g) => {
            const scales = rows.map((row, index) => ({ row, index })).filter((s) => s.row.preisgruppe === g.nummer);
            return (
              <Tabs.Panel key={g.nummer} value={String(g.nummer)} pt="sm" data-testid={`price-group-panel-${g.nummer}`}>
                <Stack gap="md">
                  {scales.length === 0 && (
                    <Text size="sm" c="dimmed" ta="center" p="md">
                      {t('common.noData')}
                    </Text>
                  )}
                  {scales.map(({ row, index }) => {
                    const tiers = tiersOf(ap).filter((n) => TIER_FIELDS.some((k) => typeof row[`${k}${n}`] === 'number'));
                    return (
                      <div key={index} data-testid="price-scale-row">
                        <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                          <Text size="sm" fw={600} data-testid="price-scale-period">
                            {period(row)}
                          </Text>
                          {editable && (
                            <Group gap={2} wrap="nowrap">
                              <Tooltip label={t('common.edit')}>
                                <ActionIcon variant="subtle" onClick={() => setEditing({ index })} aria-label={t('common.edit')} data-testid="price-scale-edit">
                                  <IconPencil size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('common.delete')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  onClick={() => void remove(index)}
                                  aria-label={t('common.delete')}
                                  data-testid="price-scale-delete"
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          )}
                        </Group>
                        <Table.ScrollContainer minWidth={420}>
                          <Table verticalSpacing={6} striped>
                            <Table.Thead>
                              <Table.Tr>
                                <Table.Th>{t('priceScale.tier')}</Table.Th>
                                <Table.Th ta="right">{t('priceScale.menge')}</Table.Th>
                                <Table.Th ta="right">{t('priceScale.vk')}</Table.Th>
                                <Table.Th ta="right">{t('priceScale.vkBrutto')}</Table.Th>
                                <Table.Th ta="right">{t('priceScale.aufschlag')}</Table.Th>
                              </Table.Tr>
                            </Table.Thead>
                            <Table.Tbody>
                              {tiers.map((n) => (
                                <Table.Tr key={n} data-testid="price-tier">
                                  <Table.Td>{n}</Table.Td>
                                  <Table.Td ta="right">{formatDecimal(row[`menge${n}`] as number)}</Table.Td>
                                  <Table.Td ta="right">{formatCurrency(row[`vk${n}`] as number)}</Table.Td>
                                  <Table.Td ta="right">{formatCurrency(row[`vk${n}Brutto`] as number)}</Table.Td>
                                  <Table.Td ta="right">{formatPercent(row[`aufschlag${n}`] as number)}</Table.Td>
                                </Table.Tr>
                              ))}
                            </Table.Tbody>
                          </Table>
                        </Table.ScrollContainer>
                      </div>
                    );
                  })}
                  {editable && (
                    <Group>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlus size={14} />}
                        onClick={() => setEditing({ group: g.nummer })}
                        data-testid="price-scale-new"
                      >
                        {t('priceScale.new')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
      <SchemaFormDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t('priceScale.edit') : t('priceScale.new')}
        schema={scaleRowForm}
        defaultValues={current ? toInput(current, ap) : { preisgruppe: editing && 'group' in editing ? editing.group : 1, gueltigVon: null, gueltigBis: null }}
        onSubmit={async (values) => {
          await savePriceScale(productId as number, ap, others(editing && 'index' in editing ? editing.index : null), values);
          notifySuccess(current ? t('notify.saved') : t('notify.created'));
          setEditing(null);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField name="gueltigVon" label={f('gueltigVon')} />
          <DateField name="gueltigBis" label={f('gueltigBis')} />
        </SimpleGrid>
        {tiersOf(ap).map((n) => (
          <SimpleGrid key={n} cols={{ base: 1, sm: 3 }} spacing="sm" mt="sm" data-testid={`price-scale-tier-${n}`}>
            <NumberField name={`menge${n}`} label={`${t('priceScale.menge')} (${t('priceScale.tier')} ${n})`} decimals={3} grouped min={0} />
            <NumberField name={`vk${n}`} label={`${t('priceScale.vk')} (${t('priceScale.tier')} ${n})`} decimals={4} grouped suffix=" €" min={0} />
            <NumberField name={`aufschlag${n}`} label={`${t('priceScale.aufschlag')} (${t('priceScale.tier')} ${n})`} decimals={2} suffix=" %" min={0} />
          </SimpleGrid>
        ))}
      </SchemaFormDialog>
    </Card>
  );
}
