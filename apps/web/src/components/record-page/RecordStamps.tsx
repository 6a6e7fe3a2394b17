import { Group, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';

/** "Created on … / changed on …" under a masterdata tab, in the area's words (`createdAt`, `changedAt` with `{{date}}`). */
export function RecordStamps(props: {
  record: { angelegtAm: string | null; geaendertAm: string | null } | undefined;
  text: (key: 'createdAt' | 'changedAt', date: string) => string;
}) {
  if (!props.record) return null;
  return (
    <Group gap="lg" justify="flex-end">
      <Text size="xs" c="dimmed">
        {props.text('createdAt', formatDateTime(props.record.angelegtAm))}
      </Text>
      <Text size="xs" c="dimmed">
        {props.text('changedAt', formatDateTime(props.record.geaendertAm))}
      </Text>
    </Group>
  );
}
