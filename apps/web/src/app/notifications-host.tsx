import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/**
 * Notifications bottom right for 2.5 s, at most five at a time (HTTP-072); loaded with the first notification shown. On a
 * phone they stand above the bottom action bar (the technician's journey button), never on it, nor on the header.
 */
export function NotificationsHost() {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'bottom-right'}
      classNames={phone ? { root: classes.phone } : undefined}
      autoClose={2500}
      limit={5}
      zIndex={4000}
    />
  );
}
