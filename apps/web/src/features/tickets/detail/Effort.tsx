import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '@/features/service/rules';
import type { TicketDetail } from '../api';
import { effortOver } from '../rules';

/** Estimated, ordered and spent effort (the roll-up over the sub-tickets); spent red when over the plan. */
export function Effort({ ticket }: { ticket: Pick<TicketDetail, 'aufwandGeschaetzt' | 'aufwandBeauftragt' | 'aufwandIst'> }) {
  const { t } = useTranslation('tickets');
  const over = effortOver(ticket.aufwandIst, ticket.aufwandGeschaetzt, ticket.aufwandBeauftragt);
  const item = (label: string, value: number | null, testId: string, red = false) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="md" fw={red ? 700 : undefined} c={red ? 'red' : undefined} data-testid={testId} data-over={red || undefined}>
        {formatMinutes(value)}
        {red && (
          <Text span size="xs" ml={6}>
            ({t('effort.over')})
          </Text>
        )}
      </Text>
    </div>
  );
  return (
    <SimpleGrid cols={3} spacing="xs" style={{ gridColumn: '1 / -1' }} data-testid="ticket-effort">
      {item(t('effort.estimated'), ticket.aufwandGeschaetzt, 'effort-estimated')}
      {item(t('effort.ordered'), ticket.aufwandBeauftragt, 'effort-ordered')}
      {item(t('effort.spent'), ticket.aufwandIst, 'effort-spent', over)}
    </SimpleGrid>
  );
}
