import { Card, Center, Group, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/components/SectionTitle';
import classes from './SubList.module.css';

export interface SubListColumn<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hidden below this breakpoint (phones show the essentials). */
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg';
}

/**
 * The short lists inside a record tab (contact persons, activities, prices, files, backorders): all rows of one
 * small server answer in a table, a header with count and actions, a "no data" notice, row click to the detail.
 */
export function SubList<T>(props: {
  title?: ReactNode;
  rows: readonly T[] | undefined;
  loading?: boolean;
  columns: SubListColumn<T>[];
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  actions?: ReactNode;
  filters?: ReactNode;
  footer?: ReactNode;
  count?: number;
  testId?: string;
  /** A state of the row, as its `data-state` (e.g. a reversed payment: "reversed"). */
  rowState?: (row: T) => string | undefined;
}) {
  const { t } = useTranslation();
  const rows = props.rows ?? [];
  return (
    <Card withBorder radius="md" padding={0} data-testid={props.testId}>
      <Stack gap={0}>
        {(props.title || props.actions) && (
          <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
            <Group gap="xs">
              {props.title && <SectionTitle size="h5">{props.title}</SectionTitle>}
              {!props.loading && (
                <Text size="sm" c="dimmed" data-testid="sub-count">
                  {t('grid.rows', { count: props.count ?? rows.length })}
                </Text>
              )}
            </Group>
            {props.actions}
          </Group>
        )}
        {props.filters && (
          <Group px="sm" pb="sm" gap="sm" wrap="wrap" align="flex-end">
            {props.filters}
          </Group>
        )}
        <ScrollArea type="auto">
          <Table highlightOnHover={!!props.onRowClick} verticalSpacing="xs" className={classes.table} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) => (
                  <Table.Th key={c.key} ta={c.align} w={c.width} visibleFrom={c.visibleFrom}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.loading
                ? [0, 1, 2].map((i) => (
                    <Table.Tr key={i}>
                      {props.columns.map((c) => (
                        <Table.Td key={c.key} visibleFrom={c.visibleFrom}>
                          <Skeleton h={14} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((row) => (
                    <Table.Tr
                      key={props.rowKey(row)}
                      onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                      // a row that opens its detail is reached by Tab and opened by Enter (issue 20 item 4)
                      tabIndex={props.onRowClick ? 0 : undefined}
                      onKeyDown={
                        props.onRowClick
                          ? (e) => {
                              if (e.key === 'Enter' && e.target === e.currentTarget) {
                                e.preventDefault();
                                props.onRowClick?.(row);
                              }
                            }
                          : undefined
                      }
                      className={props.onRowClick ? classes.clickable : undefined}
                      data-testid="sub-row"
                      data-state={props.rowState?.(row)}
                    >
                      {props.columns.map((c) => (
                        <Table.Td key={c.key} ta={c.align} visibleFrom={c.visibleFrom}>
                          {c.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {!props.loading && rows.length === 0 && (
          <Center p="lg">
            <Text size="sm" c="dimmed" data-testid="sub-empty">
              {t('common.noData')}
            </Text>
          </Center>
        )}
        {props.footer}
      </Stack>
    </Card>
  );
}
