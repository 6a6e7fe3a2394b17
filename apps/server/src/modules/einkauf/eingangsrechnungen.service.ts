import {
  BELEGARTEN,
  type Eingangsrechnung,
  type EingangsrechnungDetail,
  type EingangsrechnungHistorie,
  ERV_BEMERKUNG_PFLICHT,
  ERV_BENUTZER_PFLICHT,
  ERV_CHECKLISTE_LEER,
  ERV_STATUS,
  ERV_UNTERPRUEFUNG_PARAMETER,
  ERV_WORKFLOW,
  type ErvCheckliste,
  ervBemerkungGefuellt,
  ervCheckliste,
  ervChecklisteKonsistent,
  ervDarfWeiterleiten,
  ervNachAblehnung,
  ervNachFreigabe,
  istErvStatus,
  pruefeCheckliste,
} from '@vario/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { money2, percent2 } from '../../lib/codecs';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { invalidateCounts } from '../../lib/list-query';
import type { Actor } from '../../lib/locks';
import { documentTotals, lineNet } from '../../lib/money';
import { type EinkaufsdateiNeu, legeEinkaufsbelegAn } from './einkauf.service';

/**
 * Incoming-invoice verification (issue 25 items 1–3, ERV-001…020). The transitions are the contract's ERV_WORKFLOW;
 * every function takes the request's transaction first and writes the step into the document's history.
 */

type Aktion = EingangsrechnungHistorie['aktion'];

/** The record's columns with the list's names (ERV-003). */
export const ERV_SPALTEN = {
  bskId: 'einkaufBelege.id',
  bskbelegnr: 'einkaufBelege.belegnummer',
  statusErpruefung: 'einkaufBelege.statusErpruefung',
  bskbetragNetto: 'einkaufBelege.betragNetto',
  bskbetragBrutto: 'einkaufBelege.betragBrutto',
  hinweis: 'einkaufBelege.hinweis',
  zarzahlungsart: 'einkaufBelege.zahlungsart',
  adrbriefname: 'einkaufBelege.lieferantName',
  adresseId: 'einkaufBelege.adresseId',
  bskbelegdatum: 'einkaufBelege.belegdatum',
  bskvaluta: 'einkaufBelege.valuta',
  ablehnungsgrund: 'einkaufBelege.ablehnungsgrund',
  skontoFaellig1: 'einkaufBelege.skontoFaellig1',
  skontoProzent1: 'einkaufBelege.skontoProzent1',
  skontoFaellig2: 'einkaufBelege.skontoFaellig2',
  skontoProzent2: 'einkaufBelege.skontoProzent2',
  nettoFaellig: 'einkaufBelege.nettoFaellig',
  anBenutzerId: 'einkaufBelege.anBenutzerId',
  bemerkung: 'einkaufBelege.bemerkung',
  geaendertAm: 'einkaufBelege.geaendertAm',
} as const;

/**
 * The target user's name: a subquery, not a join, so that the list's count and its walk in key order read the
 * verification's index alone (a million rows: no join per row).
 */
export const ERV_AN_BENUTZER_NAME = '(select "name" from "benutzer" where "benutzer"."id" = "einkaufBelege"."anBenutzerId")';

/** Stored integers of the record and their codecs (cents, hundredths of a percent). */
export const ERV_CODECS = { bskbetragNetto: money2, bskbetragBrutto: money2, skontoProzent1: percent2, skontoProzent2: percent2 } as const;

/** The list's base query: purchase documents in the verification, with the target user's name. */
export function ervBasis(db: Db) {
  return db
    .selectFrom('einkaufBelege')
    .select(Object.entries(ERV_SPALTEN).map(([as, col]) => sql.ref(col).as(as)))
    .select(sql<string | null>`${sql.raw(ERV_AN_BENUTZER_NAME)}`.as('anBenutzerName'))
    .where('einkaufBelege.statusErpruefung', 'is not', null);
}

type Roh = Record<string, unknown>;
/**
 * A stored row in the API's units: the row selects exactly ERV_SPALTEN, whose keys are the contract's fields of an
 * incoming invoice (the one place that says so; the contract test of the list answer checks it on every call).
 */
export function ervAusZeile(r: Roh): Eingangsrechnung {
  const out: Roh = { ...r };
  for (const [k, c] of Object.entries(ERV_CODECS)) out[k] = r[k] === null || r[k] === undefined ? null : c.fromDb(r[k] as number);
  out.geaendertAm = r.geaendertAm ?? '';
  return out as Eingangsrechnung;
}

const isPg = (trx: Db) => trx.getExecutor().adapter.constructor.name.startsWith('Postgres');

interface Kopf {
  id: number;
  statusErpruefung: number | null;
  anBenutzerId: number | null;
  /** Euro. */
  betragBrutto: number;
  checkliste: string | null;
  belegnummer: string;
}

/** The invoice's head, row-locked on PostgreSQL; 404 when it does not exist or is not in the verification. */
async function ladeKopf(trx: Db, id: number): Promise<Kopf & { statusErpruefung: number }> {
  let q = trx
    .selectFrom('einkaufBelege')
    .select(['id', 'statusErpruefung', 'anBenutzerId', 'betragBrutto', 'checkliste', 'belegnummer'])
    .where('id', '=', id)
    .where('statusErpruefung', 'is not', null);
  if (isPg(trx)) q = q.forUpdate();
  const k = await q.executeTakeFirst();
  if (!k || k.statusErpruefung === null) throw notFound('Eingangsrechnung');
  return { ...k, statusErpruefung: Number(k.statusErpruefung), betragBrutto: money2.fromDb(k.betragBrutto) };
}

const liesCheckliste = (json: string | null): ErvCheckliste => {
  if (!json) return { ...ERV_CHECKLISTE_LEER };
  const parsed = ervCheckliste.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : { ...ERV_CHECKLISTE_LEER };
};

async function historie(
  trx: Db,
  actor: Actor | null,
  id: number,
  aktion: Aktion,
  von: number | null,
  nach: number,
  text: string | null,
  anBenutzerId: number | null,
) {
  await trx
    .insertInto('einkaufBelegHistorie')
    .values({ einkaufBelegId: id, aktion, statusVon: von, statusNach: nach, benutzerId: actor?.id ?? null, anBenutzerId, text, zeitpunkt: nowIso() })
    .execute();
}

const statusText = (s: number) => (istErvStatus(s) ? ERV_WORKFLOW[s].label.de : String(s));
const nichtErlaubt = (was: string, s: number) => conflict(`${was} ist im Status ${s} (${statusText(s)}) nicht möglich`, { statusErpruefung: [statusText(s)] });

/** One invoice in the API's shape (list fields, checklist, check document). */
export async function eingangsrechnungDetail(trx: Db, id: number): Promise<EingangsrechnungDetail> {
  const row = await ervBasis(trx).select('einkaufBelege.checkliste as checklisteJson').where('einkaufBelege.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Eingangsrechnung');
  const datei = await trx
    .selectFrom('einkaufBelegDateien')
    .select('id')
    .where('einkaufBelegId', '=', id)
    .where('eraktivesPruefDokument', '=', 'J')
    .orderBy('id')
    .executeTakeFirst();
  const { checklisteJson, ...rest } = row as Roh & { checklisteJson: string | null };
  return {
    ...(ervAusZeile(rest) as Omit<EingangsrechnungDetail, 'checkliste' | 'pruefDokumentId'>),
    checkliste: liesCheckliste(checklisteJson),
    pruefDokumentId: datei?.id ?? null,
  };
}

export async function eingangsrechnungHistorie(trx: Db, id: number): Promise<EingangsrechnungHistorie[]> {
  await ladeKopf(trx, id);
  const rows = await trx
    .selectFrom('einkaufBelegHistorie')
    .leftJoin('benutzer', 'benutzer.id', 'einkaufBelegHistorie.benutzerId')
    .select([
      'einkaufBelegHistorie.id',
      'aktion',
      'statusVon',
      'statusNach',
      'benutzerId',
      'benutzer.name as benutzerName',
      'einkaufBelegHistorie.anBenutzerId',
      'text',
      'zeitpunkt',
    ])
    .where('einkaufBelegId', '=', id)
    .orderBy('einkaufBelegHistorie.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    aktion: r.aktion as Aktion,
    statusVon: r.statusVon === null ? null : Number(r.statusVon),
    statusNach: Number(r.statusNach),
  }));
}

/** The check document (file with eraktivesPruefDokument J); 404 when the invoice has none. */
export async function pruefDokument(trx: Db, id: number) {
  await ladeKopf(trx, id);
  const f = await trx
    .selectFrom('einkaufBelegDateien')
    .select(['dateiname', 'mimeType', 'daten'])
    .where('einkaufBelegId', '=', id)
    .where('eraktivesPruefDokument', '=', 'J')
    .orderBy('id')
    .executeTakeFirst();
  if (!f) throw notFound('Prüfdokument');
  return f;
}

async function setze(
  trx: Db,
  id: number,
  werte: Partial<{ statusErpruefung: number; anBenutzerId: number | null; ablehnungsgrund: string; bemerkung: string | null; checkliste: string }>,
) {
  await trx
    .updateTable('einkaufBelege')
    .set({ ...werte, geaendertAm: nowIso() })
    .where('id', '=', id)
    .execute();
  invalidateCounts('einkaufBelege', trx);
}

/** Save the checklist (ERV-011…017): refused (422) unless complete and consistent; 409 when the invoice is closed. */
export async function speichereCheckliste(trx: Db, actor: Actor, id: number, c: ErvCheckliste) {
  const k = await ladeKopf(trx, id);
  if (!istErvStatus(k.statusErpruefung) || !ERV_WORKFLOW[k.statusErpruefung].checkliste) throw nichtErlaubt('Die Checkliste zu speichern', k.statusErpruefung);
  const e = pruefeCheckliste(c, k.betragBrutto);
  if (!e.ok) throw unprocessable(e.meldung ?? '', Object.fromEntries(e.fehlend.map((p) => [p, [e.meldung ?? '']])));
  // complete means consistent (VAT-compliant and all its required sub-items ticked); kept as the stored form's rule
  if (!ervChecklisteKonsistent(c, k.betragBrutto))
    throw unprocessable('Umsatzsteuerkonform ist genau dann angehakt, wenn alle geforderten Unterpunkte angehakt sind', {
      ustKonform: ['Passt nicht zu den Unterpunkten'],
    });
  await setze(trx, id, { checkliste: JSON.stringify(c) });
  await historie(trx, actor, id, 'CHECKLISTE', k.statusErpruefung, k.statusErpruefung, null, null);
}

/** Approve ("share"): one step of ERV_WORKFLOW; the formal check needs the saved checklist complete. */
export async function freigeben(trx: Db, actor: Actor, id: number, bemerkung: string | undefined, ohneUnterpruefung: boolean) {
  const k = await ladeKopf(trx, id);
  const nach = ervNachFreigabe(k.statusErpruefung, ohneUnterpruefung);
  if (nach === null) throw nichtErlaubt('Freigeben', k.statusErpruefung);
  if (ERV_WORKFLOW[k.statusErpruefung as keyof typeof ERV_WORKFLOW].checklistePflicht) {
    const e = pruefeCheckliste(liesCheckliste(k.checkliste), k.betragBrutto);
    if (!e.ok) throw conflict(e.meldung ?? '', { checkliste: [e.meldung ?? ''] });
  }
  await setze(trx, id, { statusErpruefung: nach, ...(bemerkung ? { bemerkung } : {}) });
  await historie(trx, actor, id, 'FREIGABE', k.statusErpruefung, nach, bemerkung || null, null);
}

/** Reject: the stage's x1, then 91 (from 0 straight to 91); the remark becomes the reason. */
export async function ablehnen(trx: Db, actor: Actor, id: number, text: string | undefined) {
  const k = await ladeKopf(trx, id);
  const schritte = ervNachAblehnung(k.statusErpruefung);
  if (!schritte) throw nichtErlaubt('Ablehnen', k.statusErpruefung);
  if (!ervBemerkungGefuellt(text)) throw unprocessable(ERV_BEMERKUNG_PFLICHT, { bemerkung: [ERV_BEMERKUNG_PFLICHT] });
  const bemerkung = text as string;
  let von = k.statusErpruefung;
  for (const nach of schritte) {
    await historie(trx, actor, id, 'ABLEHNUNG', von, nach, bemerkung, null);
    von = nach;
  }
  await setze(trx, id, { statusErpruefung: von, ablehnungsgrund: bemerkung, bemerkung });
}

/** Pass on: the target user must exist, not be blocked, id > 0 (ERV-020); the status stays. */
export async function weiterleiten(trx: Db, actor: Actor, id: number, anBenutzerId: number | null | undefined, bemerkung: string | undefined) {
  const k = await ladeKopf(trx, id);
  if (!ervDarfWeiterleiten(k.statusErpruefung)) throw nichtErlaubt('Weiterleiten', k.statusErpruefung);
  if (!anBenutzerId || anBenutzerId <= 0) throw unprocessable(ERV_BENUTZER_PFLICHT, { anBenutzerId: [ERV_BENUTZER_PFLICHT] });
  const ziel = await trx.selectFrom('benutzer').select(['id', 'gesperrt']).where('id', '=', anBenutzerId).executeTakeFirst();
  if (!ziel || ziel.id <= 0) throw unprocessable('Den Benutzer gibt es nicht', { anBenutzerId: ['Den Benutzer gibt es nicht'] });
  if (ziel.gesperrt) throw unprocessable('Der Benutzer ist gesperrt', { anBenutzerId: ['Der Benutzer ist gesperrt'] });
  await setze(trx, id, { anBenutzerId, ...(bemerkung ? { bemerkung } : {}) });
  await historie(trx, actor, id, 'WEITERLEITUNG', k.statusErpruefung, k.statusErpruefung, bemerkung || null, anBenutzerId);
}

/** The admin setting: 'N' leaves out the sub-check. */
export const ohneUnterpruefung = async (parameter: (name: string, db?: Db) => Promise<string | null>, trx: Db) =>
  (await parameter(ERV_UNTERPRUEFUNG_PARAMETER, trx)) === 'N';

// ---------------------------------------------------------------------------------------------------------------
// Creating a purchase invoice (the seed now, the e-invoice intake later)

export interface EingangsrechnungZeile {
  artikelnummer?: string | null;
  bezeichnung: string;
  /** Thousandths. */
  menge: number;
  mengeneinheit?: string | null;
  /** 1/10,000 of a euro. */
  einzelpreis: number;
  /** Hundredths of a percent. */
  mwstsatz: number;
  /** The line total in cents as the supplier states it (e-invoice BT-131, after line allowances); default `lineNet`. */
  gesamtpreis?: number;
}

export interface EingangsrechnungNeu {
  /** Supplier invoice (default) or supplier credit note (an e-invoice of type 381). */
  belegart?: typeof BELEGARTEN.eingangsrechnung.belegart | typeof BELEGARTEN.lieferantengutschrift.belegart;
  adresseId: number;
  /** The supplier's letter name; defaults to the address's name1. */
  lieferantName?: string | null;
  /** The supplier's invoice number. */
  belegnummer: string;
  belegdatum: string;
  zeilen: EingangsrechnungZeile[];
  /** The invoice's own totals in cents (e-invoice BT-109/BT-112); default: computed from the lines. */
  summen?: { netto: number; brutto: number };
  nettoFaellig?: string | null;
  valuta?: string | null;
  /** Up to two cash-discount terms: due date and percent (hundredths). */
  skonto?: { faellig: string; prozent: number }[];
  zahlungsart?: string | null;
  hinweis?: string | null;
  /** Files; at most one the check document. */
  dateien?: EinkaufsdateiNeu[];
  /** The checklist pre-ticked from what the data proves (e-invoice intake); default empty. */
  checkliste?: ErvCheckliste;
}

/**
 * Records a supplier invoice and opens its verification (status 0) in the caller's transaction: the head, its lines
 * (line totals by `lineNet`), files, the history row ANLAGE. 409 when the supplier's invoice number exists already.
 */
export async function legeEingangsrechnungAn(trx: Db, actor: Actor | null, neu: EingangsrechnungNeu): Promise<number> {
  if ((neu.skonto?.length ?? 0) > 2) throw unprocessable('Höchstens zwei Skontostufen', { skonto: ['Höchstens zwei Skontostufen'] });
  // the supplier's row locked (PostgreSQL): two uploads of one invoice at once take turns, so the second sees the first
  let lieferant = trx.selectFrom('adressen').select(['id', 'name1']).where('id', '=', neu.adresseId);
  if (isPg(trx)) lieferant = lieferant.forUpdate();
  const adresse = await lieferant.executeTakeFirst();
  if (!adresse) throw unprocessable('Den Lieferanten gibt es nicht', { adresseId: ['Den Lieferanten gibt es nicht'] });
  const doppelt = await trx
    .selectFrom('einkaufBelege')
    .select('id')
    .where('adresseId', '=', neu.adresseId)
    .where('belegnummer', '=', neu.belegnummer)
    .where('belegart', '=', neu.belegart ?? BELEGARTEN.eingangsrechnung.belegart)
    .executeTakeFirst();
  if (doppelt) throw conflict(`Die Rechnung ${neu.belegnummer} dieses Lieferanten ist schon erfasst`, { belegnummer: ['Schon erfasst'] });
  const zeilen = neu.zeilen.map((z) => ({ ...z, gesamtpreis: z.gesamtpreis ?? lineNet(z.einzelpreis, z.menge) }));
  const t = documentTotals(zeilen.map((z) => ({ netCents: z.gesamtpreis, ratePercent2: z.mwstsatz })));
  const summen = neu.summen ?? { netto: t.net, brutto: t.gross };
  const id = await legeEinkaufsbelegAn(
    trx,
    {
      belegart: neu.belegart ?? BELEGARTEN.eingangsrechnung.belegart,
      belegnummer: neu.belegnummer,
      belegdatum: neu.belegdatum,
      adresseId: neu.adresseId,
      lieferantName: neu.lieferantName ?? adresse.name1,
      betragNetto: summen.netto,
      betragBrutto: summen.brutto,
    },
    neu.dateien ?? [],
  );
  const [s1, s2] = neu.skonto ?? [];
  await trx
    .updateTable('einkaufBelege')
    .set({
      statusErpruefung: ERV_STATUS.EROEFFNET,
      hinweis: neu.hinweis ?? null,
      zahlungsart: neu.zahlungsart ?? null,
      valuta: neu.valuta ?? null,
      nettoFaellig: neu.nettoFaellig ?? null,
      skontoFaellig1: s1?.faellig ?? null,
      skontoProzent1: s1?.prozent ?? null,
      skontoFaellig2: s2?.faellig ?? null,
      skontoProzent2: s2?.prozent ?? null,
      checkliste: neu.checkliste ? JSON.stringify(neu.checkliste) : null,
      geaendertAm: nowIso(),
    })
    .where('id', '=', id)
    .execute();
  if (zeilen.length)
    await trx
      .insertInto('einkaufBelegPositionen')
      .values(
        zeilen.map((z, i) => ({
          einkaufBelegId: id,
          position: i + 1,
          artikelnummer: z.artikelnummer ?? null,
          bezeichnung: z.bezeichnung,
          menge: z.menge,
          mengeneinheit: z.mengeneinheit ?? null,
          einzelpreis: z.einzelpreis,
          gesamtpreis: z.gesamtpreis,
          mwstsatz: z.mwstsatz,
        })),
      )
      .execute();
  await historie(trx, actor, id, 'ANLAGE', null, ERV_STATUS.EROEFFNET, neu.hinweis ?? null, null);
  invalidateCounts('einkaufBelege', trx);
  return id;
}
