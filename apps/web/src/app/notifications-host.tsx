import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Notifications bottom right for 2.5 s, at most five at a time (HTTP-072); loaded with the first notification shown. On a
 * phone they stand above the bottom action bar (the technician's journey button), never on it, nor on the header.
 */
export function NotificationsHost() {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'bottom-right'}
      styles={phone ? { root: { bottom: 'calc(5.5rem + env(safe-area-inset-bottom))' } } : undefined}
      autoClose={2500}
      limit={5}
      zIndex={4000}
    />
  );
}
