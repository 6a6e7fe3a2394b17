import { Notifications } from '@mantine/notifications';

/** Notifications bottom right for 2.5 s, at most five at a time (HTTP-072); loaded with the first notification shown. */
export function NotificationsHost() {
  return <Notifications position="bottom-right" autoClose={2500} limit={5} zIndex={4000} />;
}
