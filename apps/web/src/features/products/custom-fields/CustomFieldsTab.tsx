import { ActionIcon, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { SubList } from '@/components/record-page/SubList';
import { notifySuccess } from '@/lib/api/error-handler';
import { hasRight } from '@/lib/rights';
import { useCustomFields, useSaveCustomFields } from '../api';
import { useProductFromRoute } from '../use-product-id';

interface Row {
  key: number;
  bezeichnung: string;
  wert: string;
}

/** The customFields tab: bezeichnung/wert pairs of /freieFelder (ART-005), replaced as a whole under ART_AENDERN. */
export function CustomFieldsTab() {
  const { t } = useTranslation('products');
  const { id } = useProductFromRoute();
  const me = useMe().data;
  const fields = useCustomFields(id ?? 0);
  const save = useSaveCustomFields(id ?? 0);
  const [rows, setRows] = useState<Row[] | null>(null);
  const canEdit = hasRight(me, 'ART_AENDERN');

  const startEdit = () => setRows((fields.data ?? []).map((f, i) => ({ key: i, bezeichnung: f.bezeichnung, wert: f.wert ?? '' })));
  const update = (key: number, patch: Partial<Row>) => setRows((r) => (r ?? []).map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const submit = async () => {
    const data = (rows ?? []).filter((r) => r.bezeichnung.trim()).map((r) => ({ bezeichnung: r.bezeichnung.trim(), wert: r.wert === '' ? null : r.wert }));
    await save.mutateAsync(data);
    notifySuccess(t('notify.saved'));
    setRows(null);
  };

  return (
    <>
      <SubList
        title={t('tabs.customFields')}
        rows={fields.data}
        loading={fields.isLoading}
        rowKey={(r) => r.id}
        testId="custom-fields"
        columns={[
          { key: 'bezeichnung', label: t('customFields.bezeichnung'), render: (r) => r.bezeichnung, width: '40%' },
          { key: 'wert', label: t('customFields.wert'), render: (r) => r.wert ?? '' },
        ]}
        actions={
          canEdit && (
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={startEdit} data-testid="custom-fields-edit">
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Modal opened={rows !== null} onClose={() => setRows(null)} title={t('customFields.editTitle')} size="40rem">
        <Stack gap="xs">
          {(rows ?? []).map((r) => (
            <Group key={r.key} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('customFields.bezeichnung')}
                value={r.bezeichnung}
                onChange={(e) => update(r.key, { bezeichnung: e.currentTarget.value })}
                maxLength={80}
                style={{ flex: 1 }}
                data-testid="custom-field-name"
              />
              <TextInput
                label={t('customFields.wert')}
                value={r.wert}
                onChange={(e) => update(r.key, { wert: e.currentTarget.value })}
                maxLength={2000}
                style={{ flex: 2 }}
                data-testid="custom-field-value"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => setRows((x) => (x ?? []).filter((y) => y.key !== r.key))}
                aria-label={t('common.delete')}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between" mt="sm">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => setRows((x) => [...(x ?? []), { key: Date.now(), bezeichnung: '', wert: '' }])}
              data-testid="custom-field-add"
            >
              {t('customFields.add')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={() => setRows(null)}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void submit()} loading={save.isPending} data-testid="custom-fields-save">
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
