import { Alert, Text, TextInput } from '@mantine/core';
import type { FreieSqlParameter } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { DateTextInput } from '@/components/form/DateTextInput';
import { NumberTextInput } from '@/components/form/NumberTextInput';

type Value = string | number | null;

/** The value as the API takes it: numbers with a point, dates as YYYY-MM-DD, text as typed; empty or unreadable → null. */
const apiValue = (p: FreieSqlParameter, v: Value): string | null => {
  if (v === null || v === '') return null;
  if (p.typ === 'zahl') return typeof v === 'number' ? String(v) : null;
  return String(v);
};

/**
 * Asks for the report's parameters, listed by name (STAT-021): all are required — with one missing the message for
 * incomplete query values shows and nothing runs (STAT-022). Numbers and dates in the user's language.
 */
export function ParameterDialog(props: {
  name: string;
  parameter: FreieSqlParameter[];
  initial: Record<string, string> | null;
  onClose: () => void;
  onRun: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('freeSql');
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries(
      props.parameter.map((p) => {
        const v = props.initial?.[p.name] ?? null;
        return [p.name, p.typ === 'zahl' && v !== null ? Number(v) : v];
      }),
    ),
  );
  const [missing, setMissing] = useState<string[]>([]);
  const submit = () => {
    const out: Record<string, string> = {};
    const gaps: string[] = [];
    for (const p of props.parameter) {
      const v = apiValue(p, values[p.name] ?? null);
      if (v === null || v.trim() === '') gaps.push(p.name);
      else out[p.name] = v;
    }
    setMissing(gaps);
    if (gaps.length === 0) props.onRun(out);
  };
  const set = (name: string) => (v: Value) => setValues((s) => ({ ...s, [name]: v }));
  const error = (p: FreieSqlParameter) => (missing.includes(p.name) ? t('parameterDialog.incomplete', { names: p.bezeichnung }) : undefined);
  return (
    <FormDialog
      opened
      title={t('parameterDialog.title', { name: props.name })}
      onClose={props.onClose}
      onSubmit={submit}
      submitLabel={t('parameterDialog.run')}
    >
      <Text size="sm">{t('parameterDialog.intro')}</Text>
      {missing.length > 0 && (
        <Alert color="red" role="alert" data-testid="free-sql-incomplete">
          {t('parameterDialog.incomplete', {
            names: props.parameter
              .filter((p) => missing.includes(p.name))
              .map((p) => p.bezeichnung)
              .join(', '),
          })}
        </Alert>
      )}
      {props.parameter.map((p) =>
        p.typ === 'zahl' ? (
          <NumberTextInput
            key={p.name}
            label={p.bezeichnung}
            required
            value={values[p.name]}
            onChange={set(p.name)}
            format={{ scale: 6 }}
            error={error(p)}
            data-testid={`free-sql-param-${p.name}`}
          />
        ) : p.typ === 'datum' ? (
          <DateTextInput
            key={p.name}
            label={p.bezeichnung}
            required
            value={(values[p.name] as string | null) ?? null}
            onChange={set(p.name)}
            error={error(p)}
            data-testid={`free-sql-param-${p.name}`}
          />
        ) : (
          <TextInput
            key={p.name}
            label={p.bezeichnung}
            required
            value={(values[p.name] as string | null) ?? ''}
            onChange={(e) => set(p.name)(e.currentTarget.value)}
            error={error(p)}
            data-testid={`free-sql-param-${p.name}`}
          />
        ),
      )}
    </FormDialog>
  );
}
