import type { PreisHerkunft } from '@vario/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index';
import { money4, percent2, qty3 } from '../../lib/codecs';
import { formatDatum, formatMenge, formatPreis4, formatProzent } from '../../lib/format-de';
import { discountedUnit } from '../../lib/money';
import type { KundensonderpreisApzTable, KundensonderpreisStaffelTable, KundensonderpreisTable } from '../adressen/adressen.tables';
import type { ArtikelPreisstaffelTable } from '../artikel/artikel.tables';

/**
 * Price determination of an article line (issue 11 items 2 and 6) — the first rule that yields a price wins:
 *
 * 1. Customer price (kundensonderpreise of the address for the article number, when `sonderpreisNutzen`):
 *    - preisart 0 (one price): the special price, less its discounts rabatt1 and rabatt2;
 *    - preisart 1 (quantity-dependent prices): the tier with the largest quantity at or below the line's quantity
 *      (tiers 2–17; below the first tier, tier 1 is the special price itself); its price, else the special price; its
 *      discount replaces rabatt1, rabatt2 stays;
 *    - preisart 2 (quantity-dependent discounts): the special price (or, without one, the article's base price) less
 *      the discount of the matching tier (replacing rabatt1) and rabatt2;
 *    - preisart 3 (time- and quantity-dependent): of the rows valid on the document date (gueltigVon ≤ day ≤
 *      gueltigBis, open ends allowed) with abMenge ≤ quantity, the one with the largest abMenge (then the latest
 *      start); without one, the special price (preisart 0 rule);
 *    a customer price without any price falls through to the next rule.
 * 2. Price group of the address (adressen.preisgruppe): the article's graduated prices of that group (AP5 when the
 *    article's staffel is '5', else AP3) valid on the document date (gueltigVon ≤ day ≤ gueltigBis, open ends allowed,
 *    ART-019; a scale outside its period does not apply), the tier with the largest quantity at or below the line's quantity (a tier
 *    without quantity counts from 0): its price vk, or — without vk — the purchase price plus its surcharge
 *    (aufschlag) when the article has a purchase price; a tier that yields neither gives way to the tier below.
 * 3. The article's base price (vknetto).
 *
 * Units: stored integers (money4, qty3, percent2); the explanation (`PreisHerkunft`) is in API units as the API
 * answers it, and is kept with the position as JSON.
 */

type Kundenpreis = Selectable<KundensonderpreisTable>;
type Staffel = Selectable<KundensonderpreisStaffelTable>;
type Apz = Selectable<KundensonderpreisApzTable>;
/** A price-group tier; its period (ART-019) open where not given. */
type GruppenStaffel = Omit<Selectable<ArtikelPreisstaffelTable>, 'zeile' | 'gueltigVon' | 'gueltigBis'> & {
  gueltigVon?: string | null;
  gueltigBis?: string | null;
};

export interface PreisArtikel {
  id: number;
  artikelnummer: string;
  vknetto: number;
  ek: number | null;
  staffel: string | null;
}
export interface PreisDaten {
  artikel: PreisArtikel;
  kundenpreis: (Kundenpreis & { staffeln: Staffel[]; apz: Apz[] }) | null;
  preisgruppe: number | null;
  gruppenStaffeln: GruppenStaffel[];
}
export interface PreisErgebnis {
  /** 1/10,000. */
  einzelpreis: number;
  /** percent2. */
  rabatt1: number;
  rabatt2: number;
  herkunft: PreisHerkunft;
}

/** The calendar day of a stored date (a longer ISO text cut to its day) as dd.mm.yyyy. */
const datumText = (iso: string) => formatDatum(iso.slice(0, 10));

interface Treffer {
  regel: PreisHerkunft['regel'];
  beschreibung: string;
  quelle: PreisHerkunft['quelle'];
  quelleId: number | null;
  preis: number;
  rabatte: { text: string; prozent: number }[];
  staffel?: number | null;
  abMenge?: number | null;
  gueltigVon?: string | null;
  gueltigBis?: string | null;
  preisgruppe?: number | null;
}

/** The tier with the largest quantity at or below `menge` (a tier without quantity counts from 0). */
function passendeStufe<T extends { menge: number | null; stufe: number }>(stufen: readonly T[], menge: number): T | undefined {
  let best: T | undefined;
  for (const s of stufen) {
    const ab = s.menge ?? 0;
    if (ab > menge) continue;
    if (!best || ab > (best.menge ?? 0) || (ab === (best.menge ?? 0) && s.stufe > best.stufe)) best = s;
  }
  return best;
}

const kopfRabatte = (k: Kundenpreis, ersterSatz?: { text: string; prozent: number | null }) => {
  const out: { text: string; prozent: number }[] = [];
  if (ersterSatz && ersterSatz.prozent !== null) out.push({ text: ersterSatz.text, prozent: ersterSatz.prozent });
  else if (k.rabatt1) out.push({ text: 'Rabatt 1 des Kundenpreises', prozent: k.rabatt1 });
  if (k.rabatt2) out.push({ text: 'Rabatt 2 des Kundenpreises', prozent: k.rabatt2 });
  return out;
};

function kundenpreisTreffer(d: PreisDaten, menge: number, stichtag: string): Treffer | undefined {
  const k = d.kundenpreis;
  if (!k?.sonderpreisNutzen) return undefined;
  const basis = { quelle: 'kundensonderpreise' as const, quelleId: k.id };
  const einfach = (): Treffer | undefined =>
    k.sonderpreis === null
      ? undefined
      : {
          ...basis,
          regel: 'KUNDENPREIS',
          beschreibung: `Kundenpreis ${formatPreis4(k.sonderpreis)}`,
          preis: k.sonderpreis,
          rabatte: kopfRabatte(k),
          staffel: null,
        };
  if (k.preisart === 1) {
    const stufe = passendeStufe(
      k.staffeln.filter((s) => s.art === 'P' && s.menge !== null),
      menge,
    );
    if (!stufe) {
      const t = einfach();
      return (
        t && { ...t, regel: 'KUNDENPREIS_STAFFEL', beschreibung: `Kundenpreis-Staffel 1 (unter der ersten Staffelmenge): ${formatPreis4(t.preis)}`, staffel: 1 }
      );
    }
    const preis = stufe.vk ?? k.sonderpreis;
    if (preis === null) return undefined;
    return {
      ...basis,
      regel: 'KUNDENPREIS_STAFFEL',
      beschreibung: `Kundenpreis-Staffel ${stufe.stufe} ab Menge ${formatMenge(stufe.menge ?? 0)}: ${formatPreis4(preis)}`,
      preis,
      rabatte: kopfRabatte(k, { text: `Rabatt der Staffel ${stufe.stufe}`, prozent: stufe.rabatt }),
      staffel: stufe.stufe,
      abMenge: stufe.menge,
    };
  }
  if (k.preisart === 2) {
    const preis = k.sonderpreis ?? d.artikel.vknetto;
    const stufe = passendeStufe(
      k.staffeln.filter((s) => s.art === 'R' && s.menge !== null),
      menge,
    );
    const herkunft = k.sonderpreis === null ? `Grundpreis ${formatPreis4(preis)}` : `Kundenpreis ${formatPreis4(preis)}`;
    return {
      ...basis,
      regel: 'KUNDENPREIS_RABATTSTAFFEL',
      beschreibung: stufe
        ? `${herkunft} mit Rabattstaffel ${stufe.stufe} ab Menge ${formatMenge(stufe.menge ?? 0)}`
        : `${herkunft} (Menge unter der ersten Rabattstaffel)`,
      preis,
      rabatte: kopfRabatte(k, stufe ? { text: `Rabattstaffel ${stufe.stufe}`, prozent: stufe.rabatt } : undefined),
      staffel: stufe?.stufe ?? null,
      abMenge: stufe?.menge ?? null,
    };
  }
  if (k.preisart === 3) {
    let best: Apz | undefined;
    for (const a of k.apz) {
      if (a.abMenge > menge) continue;
      if (a.gueltigVon && a.gueltigVon.slice(0, 10) > stichtag) continue;
      if (a.gueltigBis && a.gueltigBis.slice(0, 10) < stichtag) continue;
      if (!best || a.abMenge > best.abMenge || (a.abMenge === best.abMenge && (a.gueltigVon ?? '') > (best.gueltigVon ?? ''))) best = a;
    }
    if (!best) {
      const t = einfach();
      return t && { ...t, beschreibung: `${t.beschreibung} (kein zeitabhängiger Preis gilt am ${datumText(stichtag)})` };
    }
    const zeitraum = `${best.gueltigVon ? `vom ${datumText(best.gueltigVon)}` : 'ohne Beginn'} ${best.gueltigBis ? `bis ${datumText(best.gueltigBis)}` : 'ohne Ende'}`;
    return {
      quelle: 'kundensonderpreisApz',
      quelleId: best.id,
      regel: 'KUNDENPREIS_ZEITRAUM',
      beschreibung: `Zeitabhängiger Kundenpreis ab Menge ${formatMenge(best.abMenge)}, gültig ${zeitraum}: ${formatPreis4(best.sonderpreis)}`,
      preis: best.sonderpreis,
      rabatte: kopfRabatte(k),
      abMenge: best.abMenge,
      gueltigVon: best.gueltigVon,
      gueltigBis: best.gueltigBis,
    };
  }
  return einfach();
}

/** The period of a scale in words ("gültig vom 01.01.2026 bis 30.06.2026"), empty for a scale without one. */
const gueltigText = (s: { gueltigVon?: string | null; gueltigBis?: string | null }) =>
  s.gueltigVon || s.gueltigBis
    ? `, gültig ${s.gueltigVon ? `vom ${datumText(s.gueltigVon)}` : 'ohne Beginn'} ${s.gueltigBis ? `bis ${datumText(s.gueltigBis)}` : 'ohne Ende'}`
    : '';

/** True when the day (YYYY-MM-DD) lies in the period (both ends included, open ends allowed). */
const giltAm = (s: { gueltigVon?: string | null; gueltigBis?: string | null }, stichtag: string) =>
  (!s.gueltigVon || s.gueltigVon.slice(0, 10) <= stichtag) && (!s.gueltigBis || s.gueltigBis.slice(0, 10) >= stichtag);

function preisgruppeTreffer(d: PreisDaten, menge: number, stichtag: string): Treffer | undefined {
  if (d.preisgruppe === null) return undefined;
  // the tiers valid on the day at or below the quantity, the largest first (then the latest start); a tier that yields
  // no price gives way to the one below
  const kandidaten = d.gruppenStaffeln
    .filter((s) => (s.menge ?? 0) <= menge && giltAm(s, stichtag))
    .sort((x, y) => (y.menge ?? 0) - (x.menge ?? 0) || (y.gueltigVon ?? '').localeCompare(x.gueltigVon ?? '') || y.stufe - x.stufe);
  for (const stufe of kandidaten) {
    const ab = `${stufe.menge === null ? '' : ` ab Menge ${formatMenge(stufe.menge)}`}${gueltigText(stufe)}`;
    const basis = {
      regel: 'PREISGRUPPE' as const,
      quelle: 'artikelPreisstaffeln' as const,
      quelleId: d.artikel.id,
      rabatte: [],
      staffel: stufe.stufe,
      abMenge: stufe.menge,
      gueltigVon: stufe.gueltigVon ?? null,
      gueltigBis: stufe.gueltigBis ?? null,
      preisgruppe: d.preisgruppe,
    };
    if (stufe.vk !== null)
      return { ...basis, beschreibung: `Preisgruppe ${d.preisgruppe}, Staffel ${stufe.stufe}${ab}: ${formatPreis4(stufe.vk)}`, preis: stufe.vk };
    if (stufe.aufschlag !== null && d.artikel.ek !== null) {
      const preis = discountedUnit(d.artikel.ek, -stufe.aufschlag);
      return {
        ...basis,
        beschreibung: `Preisgruppe ${d.preisgruppe}, Staffel ${stufe.stufe}${ab}: Einkaufspreis ${formatPreis4(d.artikel.ek)} plus ${formatProzent(stufe.aufschlag)} Aufschlag = ${formatPreis4(preis)}`,
        preis,
      };
    }
  }
  return undefined;
}

/** The price of `menge` (thousandths) of the article for the address on `stichtag` (YYYY-MM-DD), with its explanation. */
export function bestimmePreis(d: PreisDaten, menge: number, stichtag: string): PreisErgebnis {
  const t: Treffer = kundenpreisTreffer(d, menge, stichtag) ??
    preisgruppeTreffer(d, menge, stichtag) ?? {
      regel: 'GRUNDPREIS',
      beschreibung: `Grundpreis des Artikels ${formatPreis4(d.artikel.vknetto)}`,
      quelle: 'artikel',
      quelleId: d.artikel.id,
      preis: d.artikel.vknetto,
      rabatte: [],
    };
  const rabatte = t.rabatte.filter((r) => r.prozent !== 0);
  const ergebnis = discountedUnit(t.preis, ...rabatte.map((r) => r.prozent));
  const schritte = rabatte.map((r) => `${r.text} ${formatProzent(r.prozent)}`).join(', ');
  return {
    einzelpreis: t.preis,
    rabatt1: rabatte[0]?.prozent ?? 0,
    rabatt2: rabatte[1]?.prozent ?? 0,
    herkunft: {
      regel: t.regel,
      text: rabatte.length ? `${t.beschreibung}, abzüglich ${schritte} = ${formatPreis4(ergebnis)}` : t.beschreibung,
      quelle: t.quelle,
      quelleId: t.quelleId,
      preisgruppe: t.preisgruppe ?? null,
      staffel: t.staffel ?? null,
      abMenge: t.abMenge === null || t.abMenge === undefined ? null : qty3.fromDb(t.abMenge),
      gueltigVon: t.gueltigVon ?? null,
      gueltigBis: t.gueltigBis ?? null,
      menge: qty3.fromDb(menge),
      stichtag,
      grundpreis: money4.fromDb(d.artikel.vknetto),
      preis: money4.fromDb(t.preis),
      rabattStufen: rabatte.map((r) => ({ text: r.text, prozent: percent2.fromDb(r.prozent) })),
      ergebnis: money4.fromDb(ergebnis),
    },
  };
}

/** The explanation of a price entered by hand. */
export function manuellerPreis(einzelpreis: number, menge: number, stichtag: string, grundpreis: number | null): PreisHerkunft {
  return {
    regel: 'MANUELL',
    text: `Preis von Hand eingegeben: ${formatPreis4(einzelpreis)}`,
    quelle: null,
    quelleId: null,
    preisgruppe: null,
    staffel: null,
    abMenge: null,
    gueltigVon: null,
    gueltigBis: null,
    menge: qty3.fromDb(menge),
    stichtag,
    grundpreis: grundpreis === null ? 0 : money4.fromDb(grundpreis),
    preis: money4.fromDb(einzelpreis),
    rabattStufen: [],
    ergebnis: money4.fromDb(einzelpreis),
  };
}

/** Loads what `bestimmePreis` needs for an address and article, in the caller's transaction. */
export async function ladePreisDaten(trx: Db, adresseId: number, artikel: PreisArtikel): Promise<PreisDaten> {
  return (await ladePreisDatenFuer(trx, adresseId, [artikel])).get(artikel.id) as PreisDaten;
}

/**
 * What `bestimmePreis` needs for an address and several articles (a picker's page), in five queries whatever their
 * number: the address's customer prices with their tiers, and the price-group tiers of the articles.
 */
export async function ladePreisDatenFuer(trx: Db, adresseId: number, artikel: readonly PreisArtikel[]): Promise<Map<number, PreisDaten>> {
  const out = new Map<number, PreisDaten>();
  if (!artikel.length) return out;
  const nummern = [...new Set(artikel.map((a) => a.artikelnummer))];
  const [kunden, adresse] = await Promise.all([
    trx.selectFrom('kundensonderpreise').selectAll().where('adresseId', '=', adresseId).where('artikelnummer', 'in', nummern).execute(),
    trx.selectFrom('adressen').select('preisgruppe').where('id', '=', adresseId).executeTakeFirst(),
  ]);
  const preisgruppe = adresse?.preisgruppe ?? null;
  const kundenIds = kunden.map((k) => k.id);
  const [staffeln, apz, gruppenStaffeln] = await Promise.all([
    kundenIds.length ? trx.selectFrom('kundensonderpreisStaffeln').selectAll().where('kundensonderpreisId', 'in', kundenIds).execute() : [],
    kundenIds.length ? trx.selectFrom('kundensonderpreisApz').selectAll().where('kundensonderpreisId', 'in', kundenIds).execute() : [],
    preisgruppe === null
      ? []
      : trx
          .selectFrom('artikelPreisstaffeln')
          .selectAll()
          .where(
            'artikelId',
            'in',
            artikel.map((a) => a.id),
          )
          .where('preisgruppe', '=', preisgruppe)
          .execute(),
  ]);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const kundeVon = new Map(kunden.map((k) => [k.artikelnummer, k]));
  for (const a of artikel) {
    const kunde = kundeVon.get(a.artikelnummer);
    const ap = a.staffel === '5' ? 'AP5' : 'AP3';
    out.set(a.id, {
      artikel: a,
      kundenpreis: kunde
        ? {
            ...kunde,
            sonderpreis: num(kunde.sonderpreis),
            staffeln: staffeln.filter((s) => s.kundensonderpreisId === kunde.id).map((s) => ({ ...s, menge: num(s.menge), vk: num(s.vk) })),
            apz: apz.filter((x) => x.kundensonderpreisId === kunde.id).map((x) => ({ ...x, abMenge: Number(x.abMenge), sonderpreis: Number(x.sonderpreis) })),
          }
        : null,
      preisgruppe,
      gruppenStaffeln: gruppenStaffeln.filter((g) => g.artikelId === a.id && g.ap === ap).map((g) => ({ ...g, menge: num(g.menge), vk: num(g.vk) })),
    });
  }
  return out;
}
