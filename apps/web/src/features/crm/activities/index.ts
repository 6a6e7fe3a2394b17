/**
 * The generic activities of a ticket or deal: `ActivityList` (the tab, `{listPath}`) and `ActivityRecord` (the detail,
 * `{listPath}/{activityId}`), both taking the parent record (kind, id, address, status); buttons follow `activityRights`.
 */

export { ActivityList } from './ActivityList';
export { ActivityRecord } from './ActivityRecord';
export { activityKeys, onActivitiesChanged } from './api';
export { type ActivityParent, type ActivityRights, activityRights } from './rights';
