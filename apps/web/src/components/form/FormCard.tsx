import { Card, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionTitle } from '@/components/SectionTitle';

/** A titled card of form fields in a grid (one column on phones), as on every masterdata tab. */
export function FormCard({ title, children, cols = 2 }: { title: ReactNode; children: ReactNode; cols?: number }) {
  return (
    <Card withBorder radius="md" padding="md">
      <SectionTitle size="h5" mb="sm">
        {title}
      </SectionTitle>
      <SimpleGrid cols={{ base: 1, sm: cols }} spacing="sm" verticalSpacing="xs">
        {children}
      </SimpleGrid>
    </Card>
  );
}
