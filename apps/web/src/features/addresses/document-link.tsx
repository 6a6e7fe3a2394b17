import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The detail route of a sales document — the one place the link target is registered (ADR-075, ADR-080). */
export function documentRoute(belegId: number): string | null {
  return `/saleDocument/${belegId}/documentHead`;
}

/** A document number with the link icon that opens the document. */
export function DocumentNumber({ belegId, nummer }: { belegId: number; nummer: string }) {
  const { t } = useTranslation('addresses');
  const to = documentRoute(belegId);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" span>
        {nummer}
      </Text>
      {to && (
        <Tooltip label={t('openDocument')}>
          <ActionIcon component={Link} to={to} variant="subtle" size="sm" aria-label={t('openDocument')} data-testid="document-link">
            <IconExternalLink size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
