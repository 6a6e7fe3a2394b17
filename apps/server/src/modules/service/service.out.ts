import { MATERIALBUCHUNGSARTEN, type Materialbuchungsart, type ServiceAuftrag, type ServiceMaterial, type ServicePlanung } from '@vario/contract';
import { money2, qty3 } from '../../lib/codecs';

/**
 * Row → answer: the field service's stored rows in the contract's shapes (quantities thousandths → pieces, cents →
 * euro, 0/1 → booleans, text codes → their literal types). Used by the reads (service.read.ts), the steps' answers
 * (service.sync.ts) and the routes.
 */

/** The quantity columns of a material line (thousandths in the database). */
export const MENGEN = [
  'menge',
  'mengeReserviert',
  'mengeUmgelagert',
  'mengeBestaetigt',
  'mengeNichtGeliefert',
  'mengeDoa',
  'mengeEingebaut',
  'mengeGutteilretoure',
  'mengeDefektVerkauft',
  'mengeDefektEingelagert',
] as const;

export function planungOut(r: Record<string, unknown>): ServicePlanung {
  return { ...(r as ServicePlanung), aktiv: Boolean(r.aktiv), gebrauchteZeit: r.gebrauchteZeit === null ? null : Number(r.gebrauchteZeit) };
}

export const auftragOut = (r: Record<string, unknown>): ServiceAuftrag => ({ ...(r as ServiceAuftrag), gebrauchteZeit: Number(r.gebrauchteZeit ?? 0) });

export function materialOut(r: Record<string, unknown>): ServiceMaterial {
  const { empfangBezeichnung, empfangPlz, empfangOrt, empfangStrasse, ...rest } = r;
  const out = { ...rest } as Record<string, unknown>;
  for (const m of MENGEN) out[m] = qty3.fromDb(r[m] as number);
  out.istSeriennummernArtikel = Boolean(r.istSeriennummernArtikel);
  out.istChargenArtikel = Boolean(r.istChargenArtikel);
  out.empfangLager =
    r.empfangLagerId === null || r.empfangLagerId === undefined
      ? null
      : { id: r.empfangLagerId, bezeichnung: empfangBezeichnung ?? null, plz: empfangPlz ?? null, ort: empfangOrt ?? null, strasse: empfangStrasse ?? null };
  return out as ServiceMaterial;
}

export const mehraufwandOut = <R extends { kosten: number | string | null }>(r: R) => ({ ...r, kosten: r.kosten === null ? null : money2.fromDb(r.kosten) });

/** A time recording: art A automatic, M manual; `laeuft` (the unique marker of the running one) stays inside. */
export const zeitOut = <R extends { abgebrochen: unknown; laeuft?: unknown; art: string }>({ laeuft: _l, ...r }: R) => ({
  ...r,
  abgebrochen: Boolean(r.abgebrochen),
  art: r.art as 'A' | 'M',
});

/** A stored booking kind as the contract names it (the column holds only these; anything else is a broken row). */
const buchungsArt = (art: string): Materialbuchungsart => {
  const known = MATERIALBUCHUNGSARTEN.find((a) => a === art);
  if (!known) throw new Error(`Unbekannte Materialbuchungsart ${art}`);
  return known;
};

export const buchungOut = <R extends { menge: number; art: string }>(r: R) => ({ ...r, menge: qty3.fromDb(r.menge), art: buchungsArt(r.art) });

export const nachbuchungOut = <R extends { istAnmeldung: unknown }>(r: R) => ({ ...r, istAnmeldung: Boolean(r.istAnmeldung) });

export const kalenderOut = <R extends { Vormittags: unknown; Nachmittags: unknown }>(e: R) => ({
  ...e,
  Vormittags: Boolean(e.Vormittags),
  Nachmittags: Boolean(e.Nachmittags),
});

export const schrittOut = <R extends { quelle: string }>(s: R) => ({ ...s, quelle: s.quelle as 'online' | 'sync' });

export const statusOut = <R extends { art: string }>(r: R) => ({ ...r, art: r.art as 'A' | 'M' });

export const mehraufwandsartOut = <R extends { typ: number }>(r: R) => ({ ...r, typ: r.typ as 1 | 2 | 3 });
