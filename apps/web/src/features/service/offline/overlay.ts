import { mengenfeldDesSchritts, statusNach } from '@vario/contract';
import { fromThousandths, toThousandths } from '../rules';
import type { QueuedAction } from './db';

/**
 * The device copy as the technician sees it: the server's last answer with the actions not yet sent applied on top, so
 * the journey continues offline (travel start → arrival → time → material → signature) and every screen agrees. Works
 * on any answer shape: planning items, task details and material lines are recognised wherever they occur (lists,
 * details, the calendar). The server stays the source: when the queue is empty the copy is shown unchanged. The status
 * after each step and the quantity field of each material step are the contract's (service-regeln.ts), as on the server.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPlanung = (o: Obj) => 'reisebeginnDatum' in o && 'vorOrtDatum' in o && 'angenommenDatum' in o;
const isDetail = (o: Obj) => Array.isArray(o.planungen) && Array.isArray(o.material) && 'auftragsnummer' in o;
const isMaterial = (o: Obj) => 'mengeEingebaut' in o && 'mengeBestaetigt' in o;

/** The moment of a step: its HH:mm (`datum`) on the day of its real time, in the device's time zone; else the real time. */
export function stepTime(a: Pick<QueuedAction, 'zeitpunkt' | 'daten'>, field = 'datum'): string {
  const hhmm = a.daten[field];
  if (typeof hhmm !== 'string' || !/^\d{2}:\d{2}$/.test(hhmm)) return a.zeitpunkt;
  const d = new Date(a.zeitpunkt);
  d.setHours(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), 0, 0);
  return d.toISOString();
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** Quantities are summed in thousandths, as the server does, so 0.1 + 0.2 shows as 0.3. */
const add = (a: unknown, b: unknown) => fromThousandths(toThousandths(a) + toThousandths(b));

function applyToPlanung(p: Obj, a: QueuedAction) {
  // the status after the step: the contract's, as the server sets it
  const status = statusNach(a.art, a.daten);
  if (status && 'auftragsstatus' in p) p.auftragsstatus = status;
  switch (a.art) {
    case 'annehmen':
      p.angenommenDatum ??= a.zeitpunkt;
      break;
    case 'ablehnen':
      p.abgelehntDatum = a.zeitpunkt;
      p.aktiv = false;
      break;
    case 'zurueckgeben':
    case 'telefonischErledigt':
      p.erledigtDatum = a.zeitpunkt;
      p.aktiv = false;
      break;
    case 'zurueckstellen': {
      const { datum, uhrzeit } = a.daten as { datum?: string | null; uhrzeit?: string | null };
      if (datum && uhrzeit && typeof p.beginnDatum === 'string' && typeof p.endeDatum === 'string') {
        const begin = new Date(`${datum}T${uhrzeit}:00`);
        const length = Date.parse(p.endeDatum) - Date.parse(p.beginnDatum);
        p.beginnDatum = begin.toISOString();
        p.endeDatum = new Date(begin.getTime() + Math.max(0, length)).toISOString();
      }
      break;
    }
    case 'reisebeginn':
      p.reisebeginnDatum ??= stepTime(a);
      break;
    case 'ankunft':
      p.vorOrtDatum ??= stepTime(a);
      if (typeof a.daten.strecke === 'number') p.strecke = a.daten.strecke;
      break;
    case 'ankunftKorrigieren': {
      const { datum, tag } = a.daten as { datum?: string; tag?: string };
      if (datum && tag) p.vorOrtDatum = new Date(`${tag}T${datum}:00`).toISOString();
      break;
    }
  }
}

function applyToMaterial(m: Obj, a: QueuedAction) {
  const field = mengenfeldDesSchritts(a.art, a.daten.art);
  if (field) m[field] = add(m[field], a.daten.menge);
}

/** Entries the server would create (time recordings, bookings, additional work, the journey log), marked as pending. */
function applyToDetail(d: Obj, a: QueuedAction, planungIds: Set<number>) {
  const ownsStep = (a.planungId !== undefined && planungIds.has(a.planungId)) || a.auftragId === d.id;
  if (!ownsStep) return;
  const status = statusNach(a.art, a.daten);
  if (status) d.auftragsstatus = status;
  const id = -(a.seq ?? 0);
  const common = { id, serviceAuftragId: d.id, pending: true };
  const list = (key: string) => {
    if (!Array.isArray(d[key])) d[key] = [];
    return d[key] as Obj[];
  };
  switch (a.art) {
    case 'zeitStart':
      list('zeiten').push({
        ...common,
        planungId: a.planungId,
        technikerId: null,
        art: 'A',
        von: stepTime(a),
        bis: null,
        minuten: null,
        abgebrochen: false,
        bemerkung: null,
      });
      break;
    case 'zeitStopp': {
      const open = list('zeiten').find((z) => z.art === 'A' && z.bis === null);
      if (open) {
        open.bis = stepTime(a);
        open.minuten = Math.max(0, Math.round((Date.parse(open.bis as string) - Date.parse(open.von as string)) / 60_000));
      }
      break;
    }
    case 'serviceZeit': {
      const tag = typeof a.daten.tag === 'string' ? a.daten.tag : a.zeitpunkt.slice(0, 10);
      const at = (hhmm: unknown) => new Date(`${tag}T${String(hhmm)}:00`).toISOString();
      const von = at(a.daten.von);
      const bis = at(a.daten.bis);
      const minuten = Math.max(0, Math.round((Date.parse(bis) - Date.parse(von)) / 60_000));
      list('zeiten').push({
        ...common,
        planungId: a.planungId,
        technikerId: null,
        art: 'M',
        von,
        bis,
        minuten,
        abgebrochen: false,
        bemerkung: a.daten.bemerkung ?? null,
      });
      if (typeof d.gebrauchteZeit === 'number') d.gebrauchteZeit += minuten;
      break;
    }
    case 'materialBuchung':
      list('materialbuchungen').push({
        ...common,
        materialId: a.materialId,
        artikelId: (list('material').find((m) => m.id === a.materialId)?.artikelId as number) ?? null,
        art: a.daten.art,
        menge: num(a.daten.menge),
        seriennr: a.daten.seriennr ?? null,
        chargennr: a.daten.chargennr ?? null,
        zeitpunkt: a.zeitpunkt,
        technikerId: null,
        benutzerId: a.user,
      });
      break;
    case 'mehraufwandNeu':
      list('mehraufwaende').push({ ...common, typ: null, technikerId: null, zeitpunkt: a.zeitpunkt, ...a.daten });
      break;
    case 'mehraufwandAendern': {
      const entry = list('mehraufwaende').find((m) => m.id === a.eintragId);
      if (entry) Object.assign(entry, a.daten, { pending: true });
      break;
    }
    case 'mehraufwandLoeschen':
      d.mehraufwaende = list('mehraufwaende').filter((m) => m.id !== a.eintragId);
      break;
    case 'unterschrift':
      d.hatUnterschrift = true;
      d.unterschriftName = a.daten.name ?? null;
      d.unterschriftAm = a.zeitpunkt;
      break;
    case 'abschluss':
      d.abgeschlossenAm = a.zeitpunkt;
      break;
  }
  list('schritte').push({
    ...common,
    planungId: a.planungId ?? null,
    art: a.art,
    zeitpunkt: stepTime(a),
    erfasstAm: a.queuedAt,
    benutzerId: a.user,
    benutzerName: null,
    quelle: 'sync',
    text: null,
  });
}

function walk(node: unknown, actions: QueuedAction[]): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, actions);
    return;
  }
  if (!isObj(node)) return;
  for (const v of Object.values(node)) walk(v, actions);
  if (isPlanung(node)) for (const a of actions) if (a.planungId === node.id) applyToPlanung(node, a);
  if (isMaterial(node)) for (const a of actions) if (a.materialId === node.id) applyToMaterial(node, a);
  if (isDetail(node)) {
    const planungIds = new Set((node.planungen as Obj[]).map((p) => p.id as number));
    for (const a of actions) applyToDetail(node, a, planungIds);
  }
}

/** The value with the pending actions applied (a copy; the value itself is left alone). */
export function withPending<T>(value: T, actions: QueuedAction[]): T {
  if (actions.length === 0 || value === undefined || value === null) return value;
  const copy = structuredClone(value);
  walk(copy, actions);
  return copy;
}
