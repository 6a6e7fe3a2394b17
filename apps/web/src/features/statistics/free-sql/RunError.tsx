import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';

/**
 * Why a run did not answer rows, from the server's error object: a refused statement (it would write, reads what is
 * out of reach, more than one statement …), a stopped run (time limit) or missing values — the server's own sentence,
 * the field errors under it, and the tracking id.
 */
export function RunError({ error }: { error: unknown }) {
  const { t } = useTranslation('freeSql');
  const api = isApiError(error) ? error : null;
  const text = api ? (api.serverMessage ?? errorMessage(api)) : String(error);
  const fields = api ? Object.entries(api.fieldErrors).filter(([k]) => k !== 'sql') : [];
  return (
    <Alert color="red" title={t('result.refused')} role="alert" data-testid="free-sql-error">
      {text}
      {fields.length > 0 && (
        <List size="sm" mt={4}>
          {fields.map(([k, msgs]) => (
            <List.Item key={k}>{`${k}: ${msgs.join(' ')}`}</List.Item>
          ))}
        </List>
      )}
      {api?.trackingId && <div style={{ fontSize: 'var(--mantine-font-size-xs)', marginTop: 4 }}>{t('result.tracking', { id: api.trackingId })}</div>}
    </Alert>
  );
}
