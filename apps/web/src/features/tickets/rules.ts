import { overEstimate } from '@/features/service/status-colors';

/**
 * The effort spent (the roll-up of the ticket's and its sub-tickets' activity minutes) is over when it exceeds the
 * estimated or the ordered effort, whichever are set — shown red, as the service tasks show their used time (SVC-038).
 */
export const effortOver = (spent: number | null | undefined, estimated: number | null | undefined, ordered: number | null | undefined) =>
  overEstimate(spent, estimated) || overEstimate(spent, ordered);
