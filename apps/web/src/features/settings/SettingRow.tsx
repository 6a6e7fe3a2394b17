import { Group, Stack, Switch, Text } from '@mantine/core';

/** One labelled switch of a settings card. */
export function SettingRow({
  label,
  description,
  checked,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" py={6}>
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      <Switch checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} aria-label={label} data-testid={testId} size="md" />
    </Group>
  );
}
