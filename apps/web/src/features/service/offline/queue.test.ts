import 'fake-indexeddb/auto';
import type { ServiceAktion } from '@vario/contract';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeServiceDb, type QueuedAction, serviceDb } from './db';
import { BATCH_SIZE, conflictsOf, drainQueue, enqueue, pendingOf, redoConflict, type SendFailure, type SyncResult, type SyncTransport } from './queue';

const USER = 7;
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function action(art: QueuedAction['art'], extra: Partial<QueuedAction> = {}): Omit<QueuedAction, 'seq'> {
  const zeitpunkt = new Date(Date.UTC(2026, 10, 26, 8, n)).toISOString();
  return { clientId: uuid(), art, planungId: 5, zeitpunkt, daten: { zeitpunkt }, user: USER, queuedAt: zeitpunkt, attempts: 0, ...extra };
}

/** A server that applies each client id once, like POST /service/sync (a repeated id answers 'doppelt'). */
function fakeServer(opts: { conflictOn?: (a: ServiceAktion) => boolean; failFirst?: SendFailure[]; refuse?: (a: ServiceAktion[]) => boolean } = {}) {
  const applied: ServiceAktion[] = [];
  const seen = new Set<string>();
  const calls: ServiceAktion[][] = [];
  const failures = [...(opts.failFirst ?? [])];
  const transport: SyncTransport = {
    async sync(actions) {
      calls.push(actions);
      const f = failures.shift();
      if (f) throw f;
      if (opts.refuse?.(actions))
        throw {
          kind: 'refused',
          status: 400,
          body: { messageCode: 'UNGUELTIGE_EINGABE', errors: { services: [{ message: 'Ungültige Aktion' }], fieldErrors: {} } },
        } satisfies SendFailure;
      return actions.map((a): SyncResult => {
        if (seen.has(a.clientId)) return { clientId: a.clientId, ergebnis: 'doppelt' };
        seen.add(a.clientId);
        if (opts.conflictOn?.(a))
          return {
            clientId: a.clientId,
            ergebnis: 'konflikt',
            fehler: {
              messageCode: 'KONFLIKT',
              httpStatus: 409,
              errors: { services: [{ message: 'Der Einsatz ist einem anderen Techniker zugewiesen' }], fieldErrors: {} },
            },
          };
        applied.push(a);
        return { clientId: a.clientId, ergebnis: 'angewendet' };
      });
    },
  };
  return { transport, applied, calls, seen };
}

beforeEach(async () => {
  await closeServiceDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeServiceDb();
});

describe('offline queue', () => {
  it('sends the actions in the order they were done and empties the queue', async () => {
    const db = await serviceDb();
    for (const art of ['reisebeginn', 'ankunft', 'zeitStart', 'materialBuchung', 'unterschrift'] as const) await enqueue(db, action(art));
    const server = fakeServer();
    const out = await drainQueue(db, USER, server.transport);
    expect(server.applied.map((a) => a.art)).toEqual(['reisebeginn', 'ankunft', 'zeitStart', 'materialBuchung', 'unterschrift']);
    expect(out).toMatchObject({ sent: 5, applied: 5, conflicts: 0 });
    expect(await pendingOf(db, USER)).toEqual([]);
  });

  it('keeps the real time stamp and the client id of each action on the wire', async () => {
    const db = await serviceDb();
    const a = await enqueue(db, action('ankunft', { daten: { datum: '09:15', strecke: 12 } }));
    const server = fakeServer();
    await drainQueue(db, USER, server.transport);
    expect(server.calls[0]?.[0]).toEqual({
      clientId: a.clientId,
      art: 'ankunft',
      planungId: 5,
      zeitpunkt: a.zeitpunkt,
      daten: { datum: '09:15', strecke: 12 },
    });
  });

  it('keeps everything when there is no connection, and sends the same client ids again later (idempotent: no double effect)', async () => {
    const db = await serviceDb();
    await enqueue(db, action('reisebeginn'));
    await enqueue(db, action('ankunft'));
    // the first attempt reaches the server, but its answer is lost on the way back
    const server = fakeServer();
    const lossy: SyncTransport = {
      async sync(actions) {
        await server.transport.sync(actions);
        throw { kind: 'offline', status: 0 } satisfies SendFailure;
      },
    };
    const first = await drainQueue(db, USER, lossy);
    expect(first.stopped).toBe('offline');
    const kept = await pendingOf(db, USER);
    expect(kept.map((a) => [a.art, a.attempts])).toEqual([
      ['reisebeginn', 1],
      ['ankunft', 1],
    ]);
    const second = await drainQueue(db, USER, server.transport);
    expect(second).toMatchObject({ sent: 2, applied: 2 });
    expect(server.applied).toHaveLength(2); // applied once although sent twice
    expect(server.calls[1]?.map((a) => a.clientId)).toEqual(kept.map((a) => a.clientId));
    expect(await pendingOf(db, USER)).toEqual([]);
  });

  it('stops on a lapsed session (401) and keeps the queue until the user has signed in again', async () => {
    const db = await serviceDb();
    await enqueue(db, action('reisebeginn'));
    const server = fakeServer({ failFirst: [{ kind: 'unauthorized', status: 401 }] });
    expect((await drainQueue(db, USER, server.transport)).stopped).toBe('unauthorized');
    expect(await pendingOf(db, USER)).toHaveLength(1);
    expect((await drainQueue(db, USER, server.transport)).applied).toBe(1);
  });

  it('moves a refused action with the server reason to the conflicts and goes on with the later ones', async () => {
    const db = await serviceDb();
    await enqueue(db, action('reisebeginn'));
    await enqueue(db, action('materialBuchung', { planungId: undefined, auftragId: 3, materialId: 9 }));
    await enqueue(db, action('nachbuchung', { planungId: undefined }));
    const server = fakeServer({ conflictOn: (a) => a.art === 'materialBuchung' });
    const out = await drainQueue(db, USER, server.transport);
    expect(out).toMatchObject({ sent: 3, applied: 2, conflicts: 1 });
    expect(await pendingOf(db, USER)).toEqual([]);
    const conflicts = await conflictsOf(db, USER);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]?.action.art).toBe('materialBuchung');
    expect(conflicts[0]?.error).toMatchObject({ message: 'Der Einsatz ist einem anderen Techniker zugewiesen', messageCode: 'KONFLIKT', httpStatus: 409 });
  });

  it("redo puts the corrected action at the end of the queue with a new id and its original time; the task's signature waits for it", async () => {
    const db = await serviceDb();
    const first = await enqueue(db, action('materialBuchung', { auftragId: 3, materialId: 9, daten: { art: 'eingebaut', menge: 5 } }));
    const server = fakeServer({ conflictOn: (a) => a.daten.menge === 5 });
    await drainQueue(db, USER, server.transport);
    await enqueue(db, action('unterschrift', { auftragId: 3 }));
    // while the material step is refused, the signature of its task stays on the device
    expect(await drainQueue(db, USER, server.transport)).toMatchObject({ sent: 0, held: 1 });
    expect(server.applied.map((a) => a.art)).toEqual([]);
    const redone = await redoConflict(db, first.clientId, uuid(), { art: 'eingebaut', menge: 2 }, new Date().toISOString());
    expect(redone?.zeitpunkt).toBe(first.zeitpunkt);
    expect(redone?.clientId).not.toBe(first.clientId);
    expect(await conflictsOf(db, USER)).toEqual([]);
    expect((await pendingOf(db, USER)).map((a) => a.art)).toEqual(['unterschrift', 'materialBuchung']);
    await drainQueue(db, USER, server.transport);
    // the corrected step first, then the signature it held back
    expect(server.applied.map((a) => [a.art, a.daten.menge])).toEqual([
      ['materialBuchung', 2],
      ['unterschrift', undefined],
    ]);
  });

  it('sends large queues in batches, and a batch refused as a whole one action at a time (one bad action never blocks the rest)', async () => {
    const db = await serviceDb();
    for (let i = 0; i < BATCH_SIZE + 3; i++) await enqueue(db, action(i === 1 ? 'ankunft' : 'zeitStart', i === 1 ? { daten: { kaputt: true } } : {}));
    const server = fakeServer({ refuse: (batch) => batch.some((a) => a.daten.kaputt) });
    const out = await drainQueue(db, USER, server.transport);
    expect(out).toMatchObject({ sent: BATCH_SIZE + 3, applied: BATCH_SIZE + 2, conflicts: 1 });
    expect(server.calls[0]).toHaveLength(BATCH_SIZE);
    // the refused batch again one by one (the good one before the bad one, the bad one alone, …), then the rest together
    expect(server.calls.slice(1).map((c) => c.length)).toEqual([...Array(BATCH_SIZE).fill(1), 3]);
    const conflicts = await conflictsOf(db, USER);
    expect(conflicts[0]?.error.message).toBe('Ungültige Aktion');
    // order kept: every applied action in its queue order
    const order = server.applied.map((a) => a.clientId);
    expect([...order].sort()).toEqual(order);
  });

  it('sends only the signed-in user’s actions', async () => {
    const db = await serviceDb();
    await enqueue(db, action('reisebeginn', { user: 99 }));
    await enqueue(db, action('ankunft'));
    const server = fakeServer();
    await drainQueue(db, USER, server.transport);
    expect(server.applied.map((a) => a.art)).toEqual(['ankunft']);
    expect(await pendingOf(db, 99)).toHaveLength(1);
  });
});
