import { Badge, Group, Loader } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useStore } from '@/lib/store';
import { reachableState } from './copy';
import { useOfflineT } from './texts';
import { useConflicts, usePendingActions } from './use-service-action';

/**
 * "Not yet sent" at a glance: the number of steps waiting on the device, of conflicts to review, and "Offline" while the
 * browser has no network. Each badge opens the review list (/tasks/review). Nothing shows while all is sent and online.
 */
export function PendingBadge({ showOffline = true, compact = false }: { showOffline?: boolean; compact?: boolean }) {
  const t = useOfflineT();
  const { count, syncing } = usePendingActions();
  const { count: conflicts } = useConflicts();
  const network = useNetwork();
  const reachable = useStore(reachableState);
  const online = network.online && reachable;
  if (!count && !conflicts && (online || !showOffline)) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="offline-status">
      {!online && showOffline && (
        <Badge
          color="gray"
          variant="filled"
          leftSection={<IconCloudOff size={14} />}
          data-testid="offline-badge"
          aria-label={t('offline')}
          title={t('offline')}
        >
          {compact ? null : t('offline')}
        </Badge>
      )}
      {count > 0 && (
        <Badge
          component={Link}
          to="/tasks/review"
          color="orange"
          variant="filled"
          style={{ cursor: 'pointer' }}
          leftSection={syncing ? <Loader size={12} color="white" /> : <IconCloudUpload size={14} />}
          data-testid="pending-badge"
          aria-label={t('notSent', { count })}
          title={syncing ? t('syncing') : t('notSent', { count })}
        >
          {compact ? count : t('notSent', { count })}
        </Badge>
      )}
      {conflicts > 0 && (
        <Badge
          component={Link}
          to="/tasks/review"
          color="red"
          variant="filled"
          style={{ cursor: 'pointer' }}
          leftSection={<IconAlertTriangle size={14} />}
          data-testid="conflict-badge"
          aria-label={t('conflictsBadge', { count: conflicts })}
          title={t('conflictsBadge', { count: conflicts })}
        >
          {compact ? conflicts : t('conflictsBadge', { count: conflicts })}
        </Badge>
      )}
    </Group>
  );
}
