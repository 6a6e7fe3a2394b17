import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPACT_FROM_PX, DENSITY_CHOICES, type DensityChoice } from '@/lib/density';
import { useSaveUserParameter, useUserParameter } from './api';

/** Row density of the lists: automatic (compact from 1280 px), compact (~32 px rows) or comfortable (issue 9 item 13). */
export function DensityRow() {
  const { t } = useTranslation('settings');
  const { value } = useUserParameter('density');
  const save = useSaveUserParameter('density');
  const labels: Record<DensityChoice, string> = { auto: t('densityAuto'), compact: t('densityCompact'), comfortable: t('densityComfortable') };
  return (
    <Group justify="space-between" wrap="wrap" py={6} gap="sm">
      <Stack gap={0}>
        <Text size="sm" fw={500} id="setting-density-label">
          {t('density')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('densityText', { px: COMPACT_FROM_PX })}
        </Text>
      </Stack>
      <SegmentedControl
        aria-labelledby="setting-density-label"
        value={value}
        onChange={(v) => save.mutate(DENSITY_CHOICES.find((c) => c === v) ?? 'auto')}
        data={DENSITY_CHOICES.map((c) => ({ value: c, label: labels[c] }))}
        data-testid="setting-density"
      />
    </Group>
  );
}
