import { Badge, Checkbox, CloseButton, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@/lib/format';
import type { useOpenItemSummary } from '../api';
import { levelColor } from '../level';
import { DUNNING_LEVELS, OPEN_ITEM_STATES, type OpenItemListSearch, type OpenItemState } from './list-filter';

type OpenItemSummary = NonNullable<ReturnType<typeof useOpenItemSummary>['data']>;

interface FilterProps {
  search: OpenItemListSearch;
  setSearch: (next: OpenItemListSearch) => void;
}

/** The summary by dunning level: amount and count per level; a click filters the list by it. */
export function LevelSummary({ s, search, setSearch }: FilterProps & { s: OpenItemSummary }) {
  const { t } = useTranslation('openItems');
  return (
    <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" mb="md" data-testid="open-item-summary">
      {DUNNING_LEVELS.map((n) => {
        const active = search.stufe === n;
        const count = s[`stufe${n}_Anzahl` as keyof typeof s];
        const amount = s[`stufe${n}_Betrag` as keyof typeof s];
        return (
          <UnstyledButton
            key={n}
            onClick={() => setSearch({ ...search, stufe: active ? undefined : n, status: undefined })}
            aria-pressed={active}
            data-testid={`summary-level-${n}`}
          >
            <Paper withBorder p="xs" radius="md" style={active ? { borderColor: `var(--mantine-color-${levelColor(n)}-filled)` } : undefined}>
              <Badge color={levelColor(n)} variant="light" size="sm">
                {t('levelShort', { n })}
              </Badge>
              <Text size="sm" fw={600} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCurrency(amount)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('summary.count', { count })}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** The list's filters: address, overdue, disputed, level and state (a select on a phone). */
export function OpenItemFilters({ search, setSearch, status, phone }: FilterProps & { status: OpenItemState; phone: boolean }) {
  const { t } = useTranslation('openItems');
  const states = OPEN_ITEM_STATES.map((value) => ({ value, label: t(`state.${value}`) }));
  return (
    <Group gap="sm" wrap="wrap">
      {search.adresseId && (
        <Badge
          variant="light"
          size="lg"
          rightSection={<CloseButton size="xs" aria-label={t('filter.removeAddress')} onClick={() => setSearch({ ...search, adresseId: undefined })} />}
          data-testid="filter-address"
        >
          {t('filter.address', { nr: search.adresseId })}
        </Badge>
      )}
      <Checkbox
        label={t('filter.overdue')}
        checked={!!search.overdue}
        onChange={(e) => setSearch({ ...search, overdue: e.currentTarget.checked || undefined })}
        data-testid="filter-overdue"
      />
      <Checkbox
        label={t('filter.disputed')}
        checked={!!search.strittig}
        onChange={(e) => setSearch({ ...search, strittig: e.currentTarget.checked || undefined })}
        data-testid="filter-disputed"
      />
      <NativeSelect
        size="xs"
        aria-label={t('f.mahnstufe')}
        value={search.stufe === undefined ? '' : String(search.stufe)}
        onChange={(e) => setSearch({ ...search, stufe: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })}
        data={[{ value: '', label: t('filter.allLevels') }, ...DUNNING_LEVELS.map((n) => ({ value: String(n), label: t('level', { n }) }))]}
        data-testid="filter-level"
      />
      {phone ? (
        <NativeSelect
          size="xs"
          aria-label={t('filter.status')}
          value={status}
          onChange={(e) => setSearch({ ...search, status: e.currentTarget.value as OpenItemState })}
          data={states}
          data-testid="filter-status-select"
        />
      ) : (
        <SegmentedControl
          size="xs"
          aria-label={t('filter.status')}
          value={status}
          onChange={(v) => setSearch({ ...search, status: v === 'open' ? undefined : (v as OpenItemState) })}
          data={states}
          data-testid="filter-status"
        />
      )}
    </Group>
  );
}
