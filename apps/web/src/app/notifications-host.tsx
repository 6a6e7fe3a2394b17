import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Notifications bottom right for 2.5 s, at most five at a time (HTTP-072); loaded with the first notification shown. On a
 * phone they appear at the top, so they never cover the action bar at the bottom (the technician's journey button).
 */
export function NotificationsHost() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={phone ? 'top-center' : 'bottom-right'} autoClose={2500} limit={5} zIndex={4000} />;
}
