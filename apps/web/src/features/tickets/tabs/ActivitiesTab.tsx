import { ActivityList, ActivityRecord } from '@/features/crm/activities';
import { useTicketFromRoute } from '../use-ticket';

/** The ticket's activities (TKT-026) with the generic activities component; `activities/{activityId}` is one of them. */
export function ActivitiesTab() {
  const { parent, basePath } = useTicketFromRoute();
  return parent && <ActivityList parent={parent} listPath={`${basePath}/activities`} />;
}

export function ActivityTab() {
  const { parent, basePath } = useTicketFromRoute();
  return parent && <ActivityRecord parent={parent} listPath={`${basePath}/activities`} />;
}
