import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Title row of a screen with an optional back link and actions: the screen's one h1, and its document title
 * (`documentTitle`, else the title when it is text).
 */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
  documentTitle,
  level = 1,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  documentTitle?: string;
  /** 2: the heading of a tab inside a screen that has its h1 and its document title (the statistics page's free SQL tab). */
  level?: 1 | 2;
}) {
  useDocumentTitle(level === 1 ? (documentTitle ?? (typeof title === 'string' ? title : null)) : null);
  return (
    <Stack gap={4} mb="lg">
      {back && (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed" data-testid="page-back">
          <Group gap={2}>
            <IconChevronLeft size={14} />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={level} size={level === 1 ? 'h3' : 'h4'}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}
