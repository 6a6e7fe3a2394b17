import { ActionIcon, Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash, IconVariable } from '@tabler/icons-react';
import { FREIESQL_PARAMETER_TYPEN, type FreieSqlParameter } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { type FreieSql, saveFreeSql } from './api';
import { mergePlaceholders, placeholdersOf } from './placeholders';

/**
 * Create or change a report (administrators): name, text and one definition per `:name` placeholder. The server checks
 * the text (one reading statement) and the placeholders; its refusals show at the fields, with its own sentence.
 */
export function FreeSqlFormDialog({ report, onClose, onSaved }: { report: FreieSql | null; onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation('freeSql');
  const [name, setName] = useState(report?.name ?? '');
  const [text, setText] = useState(report?.sql ?? '');
  const [params, setParams] = useState<FreieSqlParameter[]>(report?.parameter ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const setParam = (i: number, patch: Partial<FreieSqlParameter>) => setParams((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('form.name');
    if (!text.trim()) local.sql = t('form.sql');
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      const res = await saveFreeSql(report?.id ?? null, { name, sql: text, parameter: params });
      notifySuccess(t('form.saved'));
      onSaved(res.id ?? report?.id ?? 0);
      onClose();
    } catch (e) {
      if (isApiError(e) && e.status === 400 && Object.keys(e.fieldErrors).length) {
        setErrors(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k.split('.')[0] as string, v.join(' ')])));
      } else handleApiError(e, { action: 'save' });
    } finally {
      setSaving(false);
    }
  };
  const typeOptions = FREIESQL_PARAMETER_TYPEN.map((v) => ({ value: v, label: t(`form.types.${v}`) }));
  return (
    <FormDialog opened title={report ? t('form.editTitle') : t('form.createTitle')} onClose={onClose} onSubmit={() => void submit()} loading={saving}>
      <TextInput
        label={t('form.name')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
        data-testid="free-sql-name"
      />
      <Textarea
        label={t('form.sql')}
        description={t('form.sqlHint')}
        required
        autosize
        minRows={5}
        maxRows={16}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={errors.sql}
        data-testid="free-sql-sql"
      />
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500} size="sm">
            {t('form.parameters')}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconVariable size={14} />}
              onClick={() => setParams((ps) => mergePlaceholders(ps, placeholdersOf(text)))}
              data-testid="free-sql-take-placeholders"
            >
              {t('form.fromPlaceholders')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} />}
              onClick={() => setParams((ps) => [...ps, { name: '', bezeichnung: '', typ: 'text' }])}
            >
              {t('form.addParameter')}
            </Button>
          </Group>
        </Group>
        {errors.parameter && (
          <Alert color="red" role="alert">
            {errors.parameter}
          </Alert>
        )}
        {params.map((p, i) => (
          // a parameter row has no id before it is saved; rows are edited in place
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('form.paramName')}
              value={p.name}
              onChange={(e) => setParam(i, { name: e.currentTarget.value })}
              style={{ flex: 1 }}
              data-testid={`free-sql-param-name-${i}`}
            />
            <TextInput
              label={t('form.paramLabel')}
              value={p.bezeichnung}
              onChange={(e) => setParam(i, { bezeichnung: e.currentTarget.value })}
              style={{ flex: 1 }}
              data-testid={`free-sql-param-label-${i}`}
            />
            <Select
              label={t('form.paramType')}
              data={typeOptions}
              value={p.typ}
              allowDeselect={false}
              onChange={(v) => v && setParam(i, { typ: v as FreieSqlParameter['typ'] })}
              w={130}
              data-testid={`free-sql-param-type-${i}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('form.removeParameter', { name: p.name })}
              onClick={() => setParams((ps) => ps.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </FormDialog>
  );
}
