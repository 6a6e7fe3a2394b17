import { Badge, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { EndpointName } from '@vario/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';
import { useUsageParameters } from '@/lib/reference-data';
import classes from './GlobalSearch.module.css';
import { groupQuery, type SearchGroup, type SearchGroupId, visibleGroups } from './groups';

export const searchKeys = createQueryKeys('globalSearch');

/** A row of the drawer: where it leads and how (SRCH-012, SRCH-013). */
export interface SearchItem {
  key: string;
  title: string;
  detail: string;
  to: string;
  replace: boolean;
}

/** What the drawer shows for a term: its rows in order, the hits of the shown groups, whether every call answered. */
export interface SearchState {
  term?: string;
  items: SearchItem[];
  total: number;
  settled: boolean;
}

type ListAnswer = { result: Record<string, unknown>[]; resultCount?: number };

interface Props {
  term: string;
  listboxId: string;
  filter: SearchGroupId | 'all';
  onFilter: (f: SearchGroupId | 'all') => void;
  active: number;
  onOpen: (item: SearchItem) => void;
  onResults: (s: SearchState) => void;
}

/**
 * The result drawer (SRCH-008…018): one list call per group the user sees (its see-right and usage parameter), five
 * rows and the total each; a newer term's calls replace the older ones, which are aborted (the query's signal), so an
 * older answer never shows for a newer term. Filter buttons narrow the drawer to one group.
 */
export function SearchResults({ term, listboxId, filter, onFilter, active, onOpen, onResults }: Props) {
  const { t } = useTranslation(['search', 'app']);
  const me = useMe().data;
  const usage = useUsageParameters().data;
  const groups = useMemo(() => visibleGroups(me, usage), [me, usage]);
  const answers = useQueries({
    queries: groups.map((g) => ({
      queryKey: searchKeys.custom(g.id, term),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(g.endpoint as EndpointName, { params: groupQuery(g, term) as never, signal }) as Promise<unknown> as Promise<ListAnswer>,
      enabled: term !== '',
      staleTime: 30_000,
    })),
  });
  const shown = groups.map((g, i) => ({ group: g, answer: answers[i] })).filter((x) => filter === 'all' || x.group.id === filter);

  const items: SearchItem[] = [];
  const sections = shown.map(({ group, answer }) => {
    const rows = (answer?.data?.result ?? []).map((row) => {
      const item = { key: `${group.id}-${row.id}`, title: group.title(row), detail: group.detail(row), to: group.to(row), replace: group.replace };
      items.push(item);
      return { item, index: items.length - 1 };
    });
    return { group, answer, rows };
  });
  const settled = term !== '' && shown.every((x) => x.answer?.isSuccess || x.answer?.isError);
  const total = shown.reduce((n, x) => n + (x.answer?.data?.resultCount ?? 0), 0);
  const signature = `${term}|${filter}|${settled}|${total}|${items.map((i) => i.key).join(',')}`;
  useEffect(() => onResults({ term, items, total, settled }), [signature, onResults]);

  const groupTitle = (g: SearchGroup) => t(`search:groups.${g.id}`);

  return (
    <Paper className={classes.panel} shadow="lg" withBorder p="sm" data-testid="global-search-results">
      <Group gap={6} mb="xs" role="group" aria-label={t('search:filters')} onMouseDown={(e) => e.preventDefault()}>
        {(['all', ...groups.map((g) => g.id)] as const).map((id) => (
          <Button
            key={id}
            size="compact-sm"
            radius="xl"
            variant={filter === id ? 'filled' : 'default'}
            aria-pressed={filter === id}
            onClick={() => onFilter(id)}
            data-testid={`global-search-filter-${id}`}
          >
            {id === 'all' ? t('search:all') : groupTitle(groups.find((g) => g.id === id) as SearchGroup)}
          </Button>
        ))}
      </Group>
      <div id={listboxId} role="listbox" aria-label={t('search:results')} onMouseDown={(e) => e.preventDefault()}>
        {sections.map(({ group, answer, rows }) => {
          const headId = `${listboxId}-${group.id}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside the listbox (ARIA listbox pattern)
            <div key={group.id} role="group" aria-labelledby={headId} data-testid={`global-search-group-${group.id}`}>
              <Group id={headId} aria-hidden="true" justify="space-between" mt={6} mb={2} px={10}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {groupTitle(group)}
                </Text>
                {answer?.data && (
                  <Badge size="sm" variant="light" data-testid={`global-search-total-${group.id}`}>
                    {t('search:total', { count: answer.data.resultCount ?? 0 })}
                  </Badge>
                )}
              </Group>
              {!answer?.data && !answer?.isError ? (
                <div role="option" tabIndex={-1} aria-disabled="true" aria-selected="false" className={classes.empty}>
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm" c="dimmed">
                      {t('search:loading')}
                    </Text>
                  </Group>
                </div>
              ) : rows.length === 0 ? (
                // SRCH-011: an empty group shows the general no-data text
                <div role="option" tabIndex={-1} aria-disabled="true" aria-selected="false" className={classes.empty}>
                  <Text size="sm" c="dimmed">
                    {t('app:common.noData')}
                  </Text>
                </div>
              ) : (
                rows.map(({ item, index }) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses options in the combobox (arrow keys, Enter)
                  <div
                    key={item.key}
                    id={`${listboxId}-${index}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === active}
                    className={classes.option}
                    onClick={() => onOpen(item)}
                    data-testid="global-search-row"
                  >
                    <Text size="sm" fw={500} truncate>
                      {item.title}
                    </Text>
                    {item.detail && (
                      <Text size="xs" c="dimmed" truncate>
                        {item.detail}
                      </Text>
                    )}
                  </div>
                ))
              )}
            </div>
          );
        })}
      </div>
    </Paper>
  );
}
