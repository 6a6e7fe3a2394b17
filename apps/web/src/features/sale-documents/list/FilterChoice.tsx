import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A list filter of several values in one line: a button naming the choice ("Belegart: Angebot, Auftrag") that opens
 * the values as checkboxes. Nothing chosen = no filter ("alle").
 */
export function FilterChoice({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: readonly string[];
  onChange: (v: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('saleDocuments');
  const chosen = options.filter((o) => value.includes(o.value));
  const summary =
    chosen.length === 0 ? t('filter.all') : chosen.length <= 2 ? chosen.map((o) => o.label).join(', ') : t('filter.chosen', { count: chosen.length });
  return (
    <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid={testId} fw={400} maw={{ base: '100%', xs: 300 }}>
          <span style={{ fontWeight: 600 }}>{label}:</span>&nbsp;{summary}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group label={label} value={[...value]} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} data-testid={`${testId}-${o.value}`} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
