import { MAHN_ZAHLUNGSFRIST_TAGE, MAHNSTUFEN_BRIEF, mahnlaufListe, mahnschreiben } from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { heute, plusTage } from '../../lib/berlin-time';
import { money2 } from '../../lib/codecs';
import { notFound } from '../../lib/errors';
import { formatBetrag, formatDatum } from '../../lib/format-de';
import { defineResource } from '../../lib/resource';
import { type GeschaeftsdokumentModel, renderGeschaeftsdokument } from '../belege/belege.pdf';
import { briefkopf, landName } from '../belege/belege.pdf-model';
import { karenzTage, type MahnKandidat, mahnKandidaten, perAdresse } from './offeneposten.service';

/**
 * Dunning letters (issue 20 item 13): the preview of today's run, what a run did (its letters per address with their
 * items and new levels), the lists of runs and letters, and the letter's PDF — rendered by the business-document
 * renderer of the sales documents (`belege.pdf.ts`) with the level's German texts (`MAHNSTUFEN_BRIEF` of the contract).
 * The run itself is `runDunning` (offeneposten.service.ts), which writes the letters.
 */

/** The level's letter title (level 1–5; outside: the last one's). */
export const briefTitel = (stufe: number) => (MAHNSTUFEN_BRIEF[stufe] ?? MAHNSTUFEN_BRIEF[5])?.titel ?? '';

/** `titel` of a letter in SQL (filterable and sortable), from the contract's texts. */
const TITEL_SQL = `case "mahnschreiben"."stufe" ${Object.entries(MAHNSTUFEN_BRIEF)
  .map(([stufe, b]) => `when ${Number(stufe)} then '${b.titel.replaceAll("'", "''")}'`)
  .join(' ')} else '' end`;

/** The dunning runs (newest first) with their user and number of letters. */
export const mahnlaeufeResource = defineResource({
  table: 'mahnlaeufe',
  kuerzel: 'OML',
  path: '/finanzen/mahnlaeufe',
  label: 'Mahnlauf',
  schema: mahnlaufListe,
  defaultOrder: ['-datum'],
  query: (db) => db.selectFrom('mahnlaeufe').leftJoin('benutzer', 'benutzer.id', 'mahnlaeufe.benutzerId'),
  computed: {
    benutzerName: '"benutzer"."name"',
    schreiben: '(select count(*) from "mahnschreiben" s where s."mahnlaufId" = "mahnlaeufe"."id")',
  },
});

/** Dunning letters (newest first), with the address's number, name and place. */
export const mahnschreibenResource = defineResource({
  table: 'mahnschreiben',
  kuerzel: 'OMS',
  path: '/finanzen/mahnschreiben',
  label: 'Mahnschreiben',
  schema: mahnschreiben,
  defaultOrder: ['-datum', '-id'],
  query: (db) => db.selectFrom('mahnschreiben').innerJoin('adressen', 'adressen.id', 'mahnschreiben.adresseId'),
  computed: {
    adressnummer: '"adressen"."adressnummer"',
    name1: '"adressen"."name1"',
    ort: '"adressen"."ort"',
    titel: TITEL_SQL,
  },
  fields: { betrag: money2 },
});

type MahnAdresse = {
  adresseId: number;
  adressnummer: number;
  name1: string;
  ort: string | null;
  stufe: number;
  titel: string;
  betrag: number;
  posten: {
    offenerPostenId: number;
    rechnungsnummer: string;
    rechnungsdatum: string;
    nettoFaellig: string;
    offenerBetrag: number;
    stufeVorher: number;
    stufe: number;
  }[];
  mahnschreibenId: number | null;
};

async function adressenVon(trx: Db, ids: number[]) {
  const out = new Map<number, { adressnummer: number; name1: string; ort: string | null }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await trx
      .selectFrom('adressen')
      .select(['id', 'adressnummer', 'name1', 'ort'])
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
    for (const r of rows) out.set(r.id, { adressnummer: Number(r.adressnummer), name1: r.name1, ort: r.ort });
  }
  return out;
}

const postenAus = (p: MahnKandidat | (Omit<MahnKandidat, 'id' | 'adresseId'> & { offenerPostenId: number })) => ({
  offenerPostenId: 'id' in p ? p.id : p.offenerPostenId,
  rechnungsnummer: p.rechnungsnummer,
  rechnungsdatum: p.rechnungsdatum,
  nettoFaellig: p.nettoFaellig,
  offenerBetrag: money2.fromDb(p.offenerBetrag),
  stufeVorher: p.stufeVorher,
  stufe: p.stufe,
});

/** What today's run would do, changing nothing (the preview the user confirms). */
export async function mahnlaufVorschau(trx: Db, datum = heute()) {
  const karenz = await karenzTage(trx);
  const gelaufen = await trx.selectFrom('mahnlaeufe').select('id').where('datum', '=', datum).executeTakeFirst();
  const gruppen = gelaufen ? [] : perAdresse(await mahnKandidaten(trx, datum));
  const adressen = await adressenVon(
    trx,
    gruppen.map((g) => g.adresseId),
  );
  const liste: MahnAdresse[] = gruppen.map((g) => {
    const a = adressen.get(g.adresseId);
    return {
      adresseId: g.adresseId,
      adressnummer: a?.adressnummer ?? 0,
      name1: a?.name1 ?? '',
      ort: a?.ort ?? null,
      stufe: g.stufe,
      titel: briefTitel(g.stufe),
      betrag: money2.fromDb(g.betrag),
      posten: g.posten.map(postenAus),
      mahnschreibenId: null,
    };
  });
  liste.sort((x, y) => x.name1.localeCompare(y.name1, 'de') || x.adresseId - y.adresseId);
  return { datum, karenzTage: karenz, bereitsGelaufen: !!gelaufen, adressen: liste };
}

/** What a run did: per address its letter, level, total and items with their levels (as at the run). */
export async function mahnlaufAdressen(trx: Db, mahnlaufId: number): Promise<MahnAdresse[]> {
  const briefe = await trx
    .selectFrom('mahnschreiben')
    .innerJoin('adressen', 'adressen.id', 'mahnschreiben.adresseId')
    .select([
      'mahnschreiben.id',
      'mahnschreiben.adresseId',
      'mahnschreiben.stufe',
      'mahnschreiben.betrag',
      'adressen.adressnummer',
      'adressen.name1',
      'adressen.ort',
    ])
    .where('mahnschreiben.mahnlaufId', '=', mahnlaufId)
    .orderBy('adressen.name1')
    .orderBy('mahnschreiben.id')
    .execute();
  const posten = await trx
    .selectFrom('mahnschreibenPosten')
    .innerJoin('mahnschreiben', 'mahnschreiben.id', 'mahnschreibenPosten.mahnschreibenId')
    .selectAll('mahnschreibenPosten')
    .where('mahnschreiben.mahnlaufId', '=', mahnlaufId)
    .orderBy('mahnschreibenPosten.id')
    .execute();
  const by = new Map<number, typeof posten>();
  for (const p of posten) by.set(p.mahnschreibenId, [...(by.get(p.mahnschreibenId) ?? []), p]);
  return briefe.map((b) => ({
    adresseId: b.adresseId,
    adressnummer: Number(b.adressnummer),
    name1: b.name1,
    ort: b.ort,
    stufe: Number(b.stufe),
    titel: briefTitel(Number(b.stufe)),
    betrag: money2.fromDb(Number(b.betrag)),
    posten: (by.get(b.id) ?? []).map((p) =>
      postenAus({
        offenerPostenId: p.offenerPostenId,
        rechnungsnummer: p.rechnungsnummer,
        rechnungsdatum: p.rechnungsdatum,
        nettoFaellig: p.nettoFaellig,
        offenerBetrag: Number(p.offenerBetrag),
        stufeVorher: Number(p.stufeVorher),
        stufe: Number(p.stufe),
      }),
    ),
    mahnschreibenId: b.id,
  }));
}

/** The PDF model of a dunning letter: letterhead, address, the level's title and texts, items, total and deadline. */
export async function mahnschreibenPdfModel(trx: Db, id: number): Promise<{ model: GeschaeftsdokumentModel; dateiname: string }> {
  const brief = await trx.selectFrom('mahnschreiben').selectAll().where('id', '=', id).executeTakeFirst();
  if (!brief) throw notFound('Mahnschreiben');
  const [adresse, posten, kopf] = await Promise.all([
    trx.selectFrom('adressen').selectAll().where('id', '=', brief.adresseId).executeTakeFirstOrThrow(),
    trx.selectFrom('mahnschreibenPosten').selectAll().where('mahnschreibenId', '=', id).orderBy('nettoFaellig').orderBy('id').execute(),
    briefkopf(trx),
  ]);
  const stufe = Number(brief.stufe);
  const text = MAHNSTUFEN_BRIEF[stufe] ?? MAHNSTUFEN_BRIEF[5];
  const frist = formatDatum(plusTage(brief.datum, MAHN_ZAHLUNGSFRIST_TAGE));
  const filled = (xs: (string | null | undefined)[]) => xs.filter((x): x is string => !!x && x.trim() !== '');
  const summe = Number(brief.betrag);
  const model: GeschaeftsdokumentModel = {
    briefkopf: kopf,
    empfaenger: filled([
      adresse.name1,
      adresse.name2,
      adresse.name3,
      adresse.strasse,
      filled([adresse.plz, adresse.ort]).join(' '),
      await landName(trx, adresse.lkz),
    ]),
    titel: text?.titel ?? '',
    kopfdaten: [
      { label: 'Datum', wert: formatDatum(brief.datum) },
      { label: 'Kunden-Nr.', wert: String(adresse.kundennummer ?? adresse.adressnummer) },
      { label: 'Mahnstufe', wert: String(stufe) },
    ],
    einleitung: `Sehr geehrte Damen und Herren,\n\n${text?.einleitung ?? ''}`,
    spalten: [
      { key: 'rechnung', titel: 'Rechnung' },
      { key: 'datum', titel: 'Rechnungsdatum', breite: 30, ausrichtung: 'right' },
      { key: 'faellig', titel: 'Fällig am', breite: 28, ausrichtung: 'right' },
      { key: 'stufe', titel: 'Stufe', breite: 16, ausrichtung: 'right' },
      { key: 'betrag', titel: 'Offen', breite: 32, ausrichtung: 'right' },
    ],
    zeilen: posten.map((p) => ({
      zellen: {
        rechnung: p.rechnungsnummer,
        datum: formatDatum(p.rechnungsdatum),
        faellig: formatDatum(p.nettoFaellig),
        stufe: String(p.stufe),
        betrag: formatBetrag(Number(p.offenerBetrag)),
      },
    })),
    summen: [{ label: 'Offener Betrag', cents: summe, betont: true, linieDavor: true }],
    schlusstexte: [(text?.schluss ?? '').replace('{frist}', frist), 'Mit freundlichen Grüßen', kopf.name],
    info: {
      titel: `${text?.titel ?? ''} ${formatDatum(brief.datum)}`,
      autor: kopf.name,
      betreff: text?.titel,
      erstelltAm: new Date(`${brief.datum}T00:00:00Z`),
    },
  };
  return { model, dateiname: `Mahnung-${adresse.kundennummer ?? adresse.adressnummer}-${brief.datum}-${stufe}.pdf` };
}

export async function renderMahnschreiben(trx: Db, id: number) {
  const { model, dateiname } = await mahnschreibenPdfModel(trx, id);
  return { pdf: await renderGeschaeftsdokument(model), dateiname };
}

export type MahnlaufListe = z.input<typeof mahnlaufListe>;
