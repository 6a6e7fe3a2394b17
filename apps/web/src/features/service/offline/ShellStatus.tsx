import { lazy, Suspense } from 'react';
import { useMe } from '@/app/auth/session';

// the badge with the device database and the replay loads for technicians only, never with anyone's first screen
const PendingBadge = lazy(() => import('./PendingBadge').then((m) => ({ default: m.PendingBadge })));

/**
 * The header's "not yet sent" / conflicts / offline badges for a technician (issue 12 item 4). Mounting it also starts
 * the replay of the queue on app start, whatever screen opens first.
 */
export function ShellStatus() {
  const me = useMe().data;
  if (!me?.techniker) return null;
  return (
    <Suspense fallback={null}>
      <PendingBadge compact />
    </Suspense>
  );
}
