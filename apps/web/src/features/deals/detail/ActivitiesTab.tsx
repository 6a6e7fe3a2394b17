import { useLocation } from '@tanstack/react-router';
import { ActivityList, type ActivityParent, ActivityRecord } from '@/features/crm/activities';
import { useDealFromRoute } from '../use-deal';

/** The deal's activities (DEAL-001) with the generic activities component, under the deal's rights (DEAL-009/010). */
function useDealActivities() {
  const { deal } = useDealFromRoute();
  const { pathname } = useLocation();
  const listPath = `${pathname.slice(0, pathname.indexOf('/activities'))}/activities`;
  const parent: ActivityParent | null = deal ? { kind: 'deal', id: deal.id, addressId: deal.adresseId, status: deal.status } : null;
  return { parent, listPath };
}

export function ActivitiesTab() {
  const { parent, listPath } = useDealActivities();
  return parent && <ActivityList parent={parent} listPath={listPath} />;
}

export function ActivityTab() {
  const { parent, listPath } = useDealActivities();
  return parent && <ActivityRecord parent={parent} listPath={listPath} />;
}
