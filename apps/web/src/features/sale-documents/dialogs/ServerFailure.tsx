import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';

/** The server's own sentence of a refused call, else the catalogue's text of its code. */
export function failureText(e: unknown): string {
  if (isApiError(e)) return e.serverMessage ?? errorMessage(e);
  return e instanceof Error ? e.message : String(e);
}

/** A failed book, cancel or transform: the server's errorMessage in large red text (BEL-044). */
export function ServerFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('saleDocuments');
  const tracking = isApiError(error) ? error.trackingId : undefined;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={22} />} title={t('failed')} data-testid="transition-error">
      <Text size="lg" fw={600} c="red" data-testid="transition-error-message">
        {failureText(error)}
      </Text>
      {tracking && (
        <Text size="xs" c="dimmed" ff="monospace" mt={4}>
          {tracking}
        </Text>
      )}
    </Alert>
  );
}
