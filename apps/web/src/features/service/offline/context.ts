import type { ServiceSchrittIds } from '@vario/contract';

/**
 * What a step on the device is about, for the review list and the queue (issue 19 item 15): the task (its id, order
 * number and customer) and, for material steps, the article. Read from the device copy (planning items, task details
 * and material lines wherever they occur in the kept answers), so it is known offline; kept with the queued step.
 */
export interface StepContext {
  auftragId?: number;
  auftragsnummer?: string;
  kunde?: string;
  artikel?: string;
  mengeneinheit?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

interface Index {
  planungen: Map<number, Obj>;
  auftraege: Map<number, Obj>;
  material: Map<number, Obj>;
}

function collect(v: unknown, idx: Index, depth = 0) {
  if (depth > 6) return;
  if (Array.isArray(v)) {
    for (const x of v) collect(x, idx, depth + 1);
    return;
  }
  if (!isObj(v)) return;
  const id = num(v.id);
  if (id !== undefined) {
    if ('vorOrtDatum' in v && 'serviceAuftragId' in v) idx.planungen.set(id, v);
    else if ('mengeEingebaut' in v && 'artikelnummer' in v) idx.material.set(id, v);
    else if ('auftragsnummer' in v && 'gebrauchteZeit' in v && 'adresseName' in v) idx.auftraege.set(id, v);
  }
  for (const x of Object.values(v)) if (typeof x === 'object' && x !== null) collect(x, idx, depth + 1);
}

/** The context of a step with these ids from the kept answers (each a server answer of a service read). */
export function contextOf(ids: ServiceSchrittIds, kept: readonly unknown[]): StepContext {
  const idx: Index = { planungen: new Map(), auftraege: new Map(), material: new Map() };
  for (const v of kept) collect(v, idx);
  const out: StepContext = {};
  const line = ids.materialId !== undefined ? idx.material.get(ids.materialId) : undefined;
  const planung = ids.planungId !== undefined ? idx.planungen.get(ids.planungId) : undefined;
  out.auftragId = ids.auftragId ?? num(line?.serviceAuftragId) ?? num(planung?.serviceAuftragId);
  if (line) {
    out.artikel = [str(line.artikelnummer), str(line.artikelbezeichnung)].filter(Boolean).join(' · ') || undefined;
    out.mengeneinheit = str(line.mengeneinheit);
  }
  const task = out.auftragId !== undefined ? idx.auftraege.get(out.auftragId) : undefined;
  out.auftragsnummer = str(task?.auftragsnummer) ?? str(planung?.auftragsnummer) ?? str(line?.auftragsnummer);
  out.kunde = str(task?.adresseName) ?? str(planung?.adresseName) ?? str(line?.auftragsAdresse);
  return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)) as StepContext;
}

/** The task a queued step belongs to (its own auftragId, else the one its context found). */
export const taskOf = (a: { auftragId?: number; kontext?: StepContext }) => a.auftragId ?? a.kontext?.auftragId;
