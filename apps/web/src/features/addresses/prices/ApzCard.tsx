import { ActionIcon, Button, Card, Group, SimpleGrid, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { apzEingabe, type Kundensonderpreis } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialogs/confirm';
import { eagerSchema } from '@/components/form/eager-schema';
import { CurrencyField, DateField, NumberField } from '@/components/form/fields';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { SectionTitle } from '@/components/SectionTitle';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatCurrency, formatDate, formatDecimal } from '@/lib/format';
import { type Apz, deleteApz, saveApz } from '../api-prices';

/** The form schema of the dialog (validation and field meta data). */
const apzEingabeForm = eagerSchema(apzEingabe);

/** Time- and quantity-dependent prices (apz): list, create, change, delete (ADR-059, ADR-065..068). */
export function ApzCard({ price, addressId, canEdit }: { price: Kundensonderpreis; addressId: number; canEdit: boolean }) {
  const { t } = useTranslation(['addresses', 'fields']);
  const [editing, setEditing] = useState<Apz | 'new' | null>(null);
  const f = useFieldLabel();
  const current = editing && editing !== 'new' ? editing : null;

  const remove = async (a: Apz) => {
    if (!(await confirmDialog({ message: t('prices.removeApzConfirm'), danger: true, confirmLabel: t('common.delete') }))) return;
    try {
      await deleteApz(addressId, price.id, a.id);
      notifySuccess(t('notify.deleted'));
    } catch (e) {
      handleApiError(e);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="apz-card">
      <Group justify="space-between" mb="sm">
        <SectionTitle size="h5">{t('prices.timeDependent')}</SectionTitle>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')} data-testid="apz-new">
            {t('prices.newApz')}
          </Button>
        )}
      </Group>
      {price.zeitabhaengigePreise.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('common.noData')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right">{f('abMenge')}</Table.Th>
                <Table.Th ta="right">{f('sonderpreis')}</Table.Th>
                <Table.Th ta="right">{f('sonderpreisBrutto')}</Table.Th>
                <Table.Th>{f('gueltigVon')}</Table.Th>
                <Table.Th>{f('gueltigBis')}</Table.Th>
                {canEdit && <Table.Th w={80} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {price.zeitabhaengigePreise.map((a) => (
                <Table.Tr key={a.id} data-testid="apz-row">
                  <Table.Td ta="right">{formatDecimal(a.abMenge)}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(a.sonderpreis)}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(a.sonderpreisBrutto)}</Table.Td>
                  <Table.Td>{formatDate(a.gueltigVon) || '–'}</Table.Td>
                  <Table.Td>{formatDate(a.gueltigBis) || '–'}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={t('common.edit')}>
                          <ActionIcon variant="subtle" onClick={() => setEditing(a)} aria-label={t('common.edit')} data-testid="apz-edit">
                            <IconPencil size={14} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('common.delete')}>
                          <ActionIcon variant="subtle" color="red" onClick={() => void remove(a)} aria-label={t('common.delete')} data-testid="apz-delete">
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SchemaFormDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t('prices.editApz') : t('prices.newApz')}
        schema={apzEingabeForm}
        defaultValues={
          current
            ? { abMenge: current.abMenge, sonderpreis: current.sonderpreis, gueltigVon: current.gueltigVon, gueltigBis: current.gueltigBis }
            : { abMenge: 1, sonderpreis: price.sonderpreis ?? 0, gueltigVon: null, gueltigBis: null }
        }
        onSubmit={async (values) => {
          await saveApz(addressId, price.id, current?.id ?? null, values);
          notifySuccess(current ? t('notify.saved') : t('notify.created'));
          setEditing(null);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberField name="abMenge" label={f('abMenge')} decimals={3} min={0} />
          <CurrencyField name="sonderpreis" label={f('sonderpreis')} />
          <DateField name="gueltigVon" label={f('gueltigVon')} />
          <DateField name="gueltigBis" label={f('gueltigBis')} />
        </SimpleGrid>
      </SchemaFormDialog>
    </Card>
  );
}
