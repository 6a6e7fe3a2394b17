import type { ReactNode } from 'react';

/**
 * An action of a record beside edit/save (book, cancel, print, transform a document): shown in the record header
 * when the user holds its rights, enabled when `enabled(record)` allows it and no other action or save runs. `run`
 * does the work on the server and answers the refreshed record, which the page shows from then on.
 */
export interface RecordAction<T> {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Every one of these rights is needed to see the action. */
  rights?: readonly string[];
  /** Default: always. */
  enabled?: (record: T) => boolean;
  /** Why the action does not apply to the record (shown as the disabled button's tooltip); only asked when `enabled` says no. */
  disabledReason?: (record: T) => string | null;
  /** Shown as a confirmation question before `run`. */
  confirm?: (record: T) => string;
  run: (record: T) => Promise<T>;
}

export interface RecordActionState {
  id: string;
  label: string;
  icon?: ReactNode;
  disabled: boolean;
  /** Why it is disabled for this record (not while something else runs or the record is edited). */
  reason: string | null;
  loading: boolean;
}

/**
 * The buttons for a record's actions: hidden without the rights or without a record (a new one), disabled while the
 * record is edited, while anything else runs, or when the action does not apply to the record.
 */
export function recordActionStates<T>(
  actions: readonly RecordAction<T>[],
  record: T | undefined,
  ctx: { hasRights: (rights: readonly string[]) => boolean; editing: boolean; running: string | null; busy: boolean },
): RecordActionState[] {
  if (record === undefined) return [];
  return actions
    .filter((a) => ctx.hasRights(a.rights ?? []))
    .map((a) => {
      const applies = a.enabled?.(record) ?? true;
      return {
        id: a.id,
        label: a.label,
        icon: a.icon,
        loading: ctx.running === a.id,
        disabled: ctx.editing || ctx.busy || (ctx.running !== null && ctx.running !== a.id) || !applies,
        reason: applies ? null : (a.disabledReason?.(record) ?? null),
      };
    });
}
