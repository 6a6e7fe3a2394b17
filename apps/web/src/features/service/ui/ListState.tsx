import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Loading skeletons, or the empty notice, or the cards. */
export function ListState({ loading, empty, emptyText, children }: { loading: boolean; empty: boolean; emptyText: string; children: ReactNode }) {
  if (loading)
    return (
      <Stack gap="sm">
        <Skeleton h={120} />
        <Skeleton h={120} />
        <Skeleton h={120} />
      </Stack>
    );
  if (empty)
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="list-empty">
        {emptyText}
      </Alert>
    );
  return <>{children}</>;
}
