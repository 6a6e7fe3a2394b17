import { ActivityList, type ActivityParent, ActivityRecord } from '@/features/crm/activities';
import { useAddressFromRoute } from '../use-address-id';

/** The address's activities (ADR-050…052) with the one activities component, under ADR_AENDERN. */
function useAddressActivities() {
  const { id } = useAddressFromRoute();
  const parent: ActivityParent | null = id ? { kind: 'address', id, addressId: id, status: 0 } : null;
  return { parent, listPath: `/addresses/${id ?? 0}/activities` };
}

/** /addresses/{id}/activities: the activities, newest first, with create. */
export function ActivitiesTab() {
  const { parent, listPath } = useAddressActivities();
  return parent && <ActivityList parent={parent} listPath={listPath} />;
}

/** /addresses/{id}/activities/{activityId}: read (ADR-052), change and delete an activity. */
export function ActivityDetail() {
  const { parent, listPath } = useAddressActivities();
  return parent && <ActivityRecord parent={parent} listPath={listPath} />;
}
