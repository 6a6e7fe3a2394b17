import { lazy, Suspense, useEffect } from 'react';
import { useMe } from '@/app/auth/session';
import { setOfflineShown } from '@/lib/api/error-handler';

// the badge with the device database and the replay loads for technicians only, never with anyone's first screen
const PendingBadge = lazy(() => import('./PendingBadge').then((m) => ({ default: m.PendingBadge })));

/**
 * The header's "not yet sent" / conflicts / offline badges for a technician (issue 12 item 4). Mounting it also starts
 * the replay of the queue on app start, whatever screen opens first.
 */
export function ShellStatus() {
  const me = useMe().data;
  const technician = !!me?.techniker;
  // a read that finds no server turns the badge to "Offline" instead of a red connection-error notice (issue 20 item 6):
  // the device copy answers the service reads and the queue keeps the steps. Registered here, not in the lazily loaded
  // badge, so it is in place before the first reads of a start without network.
  useEffect(() => {
    if (!technician) return;
    setOfflineShown(() => {
      void import('./copy').then((m) => m.reachableState.set(false));
      return true;
    });
    return () => setOfflineShown();
  }, [technician]);
  if (!technician) return null;
  return (
    <Suspense fallback={null}>
      <PendingBadge compact />
    </Suspense>
  );
}
