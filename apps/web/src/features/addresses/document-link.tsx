import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * The detail route of a sales document — the one place the link target is registered. The sales-document area
 * does not exist yet, so there is no target: numbers show as plain text, never as dead links (ADR-075, ADR-080).
 */
export function documentRoute(_belegId: number): string | null {
  return null;
}

/** A document number with the link icon that opens the document when its screen exists. */
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
          <ActionIcon component={Link} to={to as never} variant="subtle" size="sm" aria-label={t('openDocument')} data-testid="document-link">
            <IconExternalLink size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
