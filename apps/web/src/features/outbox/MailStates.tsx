import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MailZustand } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type MailSource, useMails } from './api';

const FARBE: Record<MailZustand, string> = { wartend: 'blue', gesendet: 'teal', fehlgeschlagen: 'red' };

/** The mails of a document with their state (queued, sent, failed with the server's answer); nothing when there are none. */
export function MailStates({ source }: { source: MailSource }) {
  const { t } = useTranslation('outbox');
  const { data } = useMails(source);
  if (!data?.length) return null;
  return (
    <Stack gap={4} data-testid="mail-states" aria-label={t('state.title')}>
      {data.map((m) => (
        <Group key={m.id} gap="xs" wrap="nowrap" data-testid="mail-state" data-state={m.zustand}>
          <Badge color={FARBE[m.zustand]} variant="light" style={{ flexShrink: 0 }}>
            {t(`state.${m.zustand}`)}
          </Badge>
          <Text size="sm">
            {m.an.join(', ')} · {formatDateTime(m.gesendetAm ?? m.angelegtAm)}
            {m.zustand !== 'gesendet' && m.letzteAntwort ? ` · ${t('state.answer', { text: m.letzteAntwort })}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
