import type { ServiceAktion } from '@vario/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { StepContext } from './context';

/**
 * The technician's device storage (IndexedDB `vario-service`), per signed-in user (`user` = benutzer id):
 * - `copy`: the device copy — the last server answer of each service read (tasks, details, stores, dictionaries) under
 *   its query key, with the pending actions already applied to it (so the journey goes on offline);
 * - `queue`: the actions done on the device and not yet confirmed by the server, in the order they were done (`seq`);
 * - `conflicts`: actions the server refused when they were replayed (task reassigned, stock gone …), with its reason,
 *   kept until the technician discards or redoes them — nothing typed offline is lost silently.
 */
export interface QueuedAction extends ServiceAktion {
  /** Position in the queue (auto-increment: the order the technician did things). */
  seq?: number;
  user: number;
  /** When it was put into the queue (= zeitpunkt unless redone from the review list). */
  queuedAt: string;
  /** Sending attempts that found no server, and the last one's time. */
  attempts: number;
  lastAttempt?: string;
  /** A short label of the target for the lists ("AU-00012 · Kühlanlage"), given by the screen that queued it. */
  label?: string;
  /** Order number, customer, article of the step, from the device copy when it was queued (context.ts). */
  kontext?: StepContext;
}

export interface ConflictError {
  messageCode?: string;
  httpStatus?: number;
  message: string;
  trackingId?: string;
  fieldErrors?: Record<string, string[]>;
}

export interface Conflict {
  clientId: string;
  user: number;
  action: QueuedAction;
  error: ConflictError;
  at: string;
}

export interface CopyEntry {
  /** `${user}|${JSON.stringify(queryKey)}` */
  key: string;
  user: number;
  queryKey: unknown[];
  value: unknown;
  savedAt: string;
}

interface ServiceDb extends DBSchema {
  copy: { key: string; value: CopyEntry; indexes: { user: number } };
  queue: { key: number; value: QueuedAction; indexes: { user: number; clientId: string } };
  conflicts: { key: string; value: Conflict; indexes: { user: number } };
}

export type ServiceDatabase = IDBPDatabase<ServiceDb>;

const NAME = 'vario-service';
let opened: Promise<ServiceDatabase> | null = null;

/** The one connection of this tab (opened on first use). */
export function serviceDb(): Promise<ServiceDatabase> {
  opened ??= openDB<ServiceDb>(NAME, 1, {
    upgrade(db) {
      const copy = db.createObjectStore('copy', { keyPath: 'key' });
      copy.createIndex('user', 'user');
      const queue = db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('user', 'user');
      queue.createIndex('clientId', 'clientId', { unique: true });
      const conflicts = db.createObjectStore('conflicts', { keyPath: 'clientId' });
      conflicts.createIndex('user', 'user');
    },
    // another tab upgrades the schema: this one lets go and reopens on next use
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
  });
  return opened;
}

/** Closes and forgets the connection (tests start each case on a fresh database). */
export async function closeServiceDb() {
  const db = await opened;
  db?.close();
  opened = null;
}
