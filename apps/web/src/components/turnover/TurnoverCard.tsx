import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionTitle } from '@/components/SectionTitle';
import { formatCurrency } from '@/lib/format';

/** A turnover card: title, the total with its caption, extras beside it, and the chart — or a short note when there is no turnover. */
export function TurnoverCard({
  title,
  total,
  totalLabel,
  extra,
  empty,
  emptyText,
  children,
  testId,
}: {
  title: string;
  total: number;
  totalLabel: string;
  extra?: ReactNode;
  empty?: boolean;
  emptyText: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={4} mb="sm">
        <SectionTitle size="h5">{title}</SectionTitle>
        <Group gap="xs" align="baseline">
          <Text size="xl" fw={700} data-testid={testId ? `${testId}-total` : undefined}>
            {formatCurrency(total)}
          </Text>
          <Text size="xs" c="dimmed">
            {totalLabel}
          </Text>
          {extra}
        </Group>
      </Stack>
      {/* no turnover: a short note instead of an empty 0–4 € chart (issue 9 item 10) */}
      {empty ? (
        <Text size="sm" c="dimmed" py="md" data-testid="no-turnover">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}
