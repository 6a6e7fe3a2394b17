import { SimpleGrid, Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import type { DashboardWidget } from '@/app/areas';

/** The dashboard widgets in a grid: two columns from medium width, wide ones across both. */
export function WidgetGrid({ widgets }: { widgets: readonly DashboardWidget[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="dashboard-widgets">
      {widgets.map((w) => (
        <div key={w.id} style={w.wide ? { gridColumn: '1 / -1' } : undefined} data-testid={`widget-${w.id}`}>
          <Suspense fallback={<Skeleton h={260} radius="md" />}>
            <w.component />
          </Suspense>
        </div>
      ))}
    </SimpleGrid>
  );
}
