import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * What a notice is about: `validation` (entries refused: at most one such notice at a time), `error` (a failed call),
 * `success`, `info`, `warning`. A success removes the error and validation notices first, so "Gespeichert" never stands
 * beside an error that no longer holds (issue 20 item 5).
 */
export type NoticeKind = 'validation' | 'error' | 'success' | 'info' | 'warning';

export interface Notice {
  kind: NoticeKind;
  message: ReactNode;
  title?: ReactNode;
  /** Notices with the same key are one notice (a second show replaces the first); default: the kind and the text. */
  key?: string;
  /** A fixed id (e.g. 'offline', 'session-401'): kept as given. */
  id?: string;
  color?: string;
  autoClose?: number | false;
  withBorder?: boolean;
}

const COLORS: Record<NoticeKind, string> = { validation: 'red', error: 'red', success: 'teal', info: 'blue', warning: 'yellow' };
export const VALIDATION_NOTICE_ID = 'notice-validation';

const textOf = (node: ReactNode): string | null => (typeof node === 'string' || typeof node === 'number' ? String(node) : null);

/** The id a notice is shown under: one for all validation notices, else one per kind and text (or key); null: none to share. */
export function noticeId(n: Notice): string | null {
  if (n.id) return n.id;
  if (n.kind === 'validation') return VALIDATION_NOTICE_ID;
  const key = n.key ?? [textOf(n.title) ?? '', textOf(n.message)].join('|');
  // a message that is no text and has no key cannot be compared: shown as it comes
  if (n.key === undefined && textOf(n.message) === null) return null;
  return `notice-${n.kind}-${key}`;
}

type Shown = NotificationData & { id: string };

/** The list after showing `item`: a notice of the same id is replaced in place (its content and timer renewed), else added. */
export function upsertNotice<T extends { id?: string }>(list: readonly T[], item: T & { id: string }): T[] {
  return list.some((n) => n.id === item.id) ? list.map((n) => (n.id === item.id ? item : n)) : [...list, item];
}

/** Ids of the error and validation notices on screen (removed on close). */
const errorIds = new Set<string>();
let sequence = 0;

/** Shows a notice once: the same text (or key) again replaces it; a success first removes the error notices. */
export function showNotice(n: Notice): string {
  if (n.kind === 'success') clearErrorNotices();
  const id = noticeId(n) ?? `notice-${n.kind}-${++sequence}`;
  const isError = n.kind === 'error' || n.kind === 'validation';
  const item: Shown = {
    id,
    color: n.color ?? COLORS[n.kind],
    title: n.title,
    message: n.message,
    autoClose: n.autoClose,
    withBorder: n.withBorder,
    onClose: () => errorIds.delete(id),
    'data-notice': n.kind,
  } as Shown;
  if (isError) errorIds.add(id);
  // a renewed notice restarts its timer: the old one goes, the new one takes its place
  notifications.updateState(notificationsStore, (list) => upsertNotice(list as Shown[], item));
  return id;
}

/** Removes the validation notice (the entries were corrected). */
export function clearValidationNotice() {
  if (errorIds.has(VALIDATION_NOTICE_ID)) hide(VALIDATION_NOTICE_ID);
}

/** Removes every error and validation notice (a save went through). */
export function clearErrorNotices() {
  for (const id of [...errorIds]) hide(id);
}

function hide(id: string) {
  errorIds.delete(id);
  notifications.hide(id);
}
