import { discountedUnit } from '../lib/money';
import { NUMMERN_START } from '../modules/adressen/adressen.service';
import { syncNummernkreise } from '../modules/system/nummernkreise.service';
import { insertChunked, type SeedContext, type Seeder } from './context';
import { KATALOG } from './katalog';
import { ORTE_DE, ORTE_JE_LAND, type Ort } from './orte';
import { avatarPng, png } from './png';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The name pools the addresses and persons combine, drawn from the area's faker in this order. */
export function adressPools(faker: SeedContext['faker']) {
  const firmen = Array.from({ length: 3000 }, () => faker.company.name());
  const vornamen = Array.from({ length: 400 }, () => faker.person.firstName());
  const nachnamen = Array.from({ length: 1200 }, () => faker.person.lastName());
  const strassen = Array.from({ length: 1500 }, () => faker.location.street());
  return { firmen, vornamen, nachnamen, strassen };
}

/**
 * Tops a database's persons up to `ziel` (the 1M bench database of an earlier seed, which made persons for the first
 * 100,000 addresses only): persons for the companies after the last address that has some, drawn on from where the seed
 * stopped. Answers how many were added.
 */
export async function personenAuffuellen(ctx: SeedContext, ziel: number): Promise<number> {
  const { db } = ctx;
  const stand = await db
    .selectFrom('ansprechpartner')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('adresseId').as('letzte'), eb.fn.count<number>('adresseId').distinct().as('firmen')])
    .executeTakeFirstOrThrow();
  const n = Number(stand.n);
  if (n >= ziel) return 0;
  const adressen = await db
    .selectFrom('adressen')
    .select(['id', 'anrede'])
    .where('id', '>', Number(stand.letzte ?? 0))
    .orderBy('id')
    .execute();
  return personenAnlegen(ctx, adressPools(ctx.faker), adressen, { person: n, firma: Number(stand.firmen) }, ziel - n);
}

export const adressenSeeder: Seeder = {
  name: 'adressen',
  table: 'adressen',
  demoOnly: true,
  async run(ctx: SeedContext) {
    const { db, faker, scale } = ctx;
    const benutzer = await db.selectFrom('benutzer').select(['id', 'typ']).orderBy('id').execute();
    const vertreter = benutzer.filter((b) => b.typ === 3 || b.typ === 0).map((b) => b.id);
    const admin = benutzer[0]?.id as number;
    const zahlarten = (await db.selectFrom('zahlungsarten').select('id').execute()).map((z) => z.id);
    const lieferarten = (await db.selectFrom('lieferbedingungen').select('id').execute()).map((z) => z.id);

    // Pools drawn once from faker; rows combine them by index, which keeps a million rows fast and deterministic.
    const { firmen, vornamen, nachnamen, strassen } = adressPools(faker);
    // the installer's customers: households, landlords and property managers, trade, public buildings
    const branchen = ['Privathaushalt', 'Hausverwaltung', 'Wohnungsbau', 'Bauträger', 'Gewerbe', 'Gastronomie', 'Öffentliche Hand', 'Landwirtschaft'];
    const rnd = (i: number, n: number, salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) % n;
    const now = new Date().toISOString();

    await insertChunked(
      ctx,
      'adressen',
      scale,
      (i) => {
        const kind = rnd(i, 100, 1);
        const anrede = kind < 62 ? 'Firma' : kind < 81 ? 'Herr' : kind < 98 ? 'Frau' : 'Divers';
        const firma = anrede === 'Firma';
        const vor = vornamen[rnd(i, vornamen.length, 2)] as string;
        const nach = nachnamen[rnd(i, nachnamen.length, 3)] as string;
        const name1 = firma ? (firmen[rnd(i, firmen.length, 4)] as string) : `${nach}, ${vor}`;
        const rel = rnd(i, 100, 6);
        const istKunde = rel < 85;
        const istLieferant = rel >= 78;
        const lkzRoll = rnd(i, 100, 7);
        const lkz = lkzRoll < 92 ? 'DE' : lkzRoll < 97 ? 'AT' : 'CH';
        // a real town with its own postcode and dialling code, in the address's country
        const orte = ORTE_JE_LAND[lkz];
        const o = orte[rnd(i, orte.length, 5)] as Ort;
        const unvollstaendig = rnd(i, 100, 8) < 4;
        const domain =
          name1
            .toLowerCase()
            .replace(/[^a-z]+/g, '')
            .slice(0, 18) || 'kunde';
        return {
          adressnummer: NUMMERN_START.adressnummer + i,
          kundennummer: istKunde ? NUMMERN_START.kundennummer + i : null,
          lieferantennummer: istLieferant ? NUMMERN_START.lieferantennummer + i : null,
          name1,
          name2: firma && rnd(i, 4, 9) === 0 ? `z. Hd. ${vor} ${nach}` : null,
          name3: null,
          kurzname: name1.slice(0, 12).toUpperCase(),
          anrede,
          art: firma ? 'LEGAL' : 'NATURAL',
          strasse: unvollstaendig ? null : `${strassen[rnd(i, strassen.length, 10)]} ${1 + rnd(i, 180, 11)}`,
          plz: unvollstaendig ? null : o.plz,
          ort: o.ort,
          lkz,
          telefon: `${o.vorwahl} ${rnd(i, 9_000_000, 13) + 1_000_000}`,
          mobil: firma ? null : `01${rnd(i, 80, 14) + 50} ${rnd(i, 9_000_000, 15) + 1_000_000}`,
          fax: null,
          email: unvollstaendig ? null : firma ? `info@${domain}.example` : `${vor}.${nach}@mail.example`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
          website: firma ? `https://www.${domain}.example` : null,
          gesperrt: rnd(i, 100, 16) < 3,
          istKunde,
          istLieferant,
          kreditlimit: istKunde ? (rnd(i, 20, 17) + 1) * 250_000 : null,
          opvBetrag: 0,
          lieferart: lieferarten[rnd(i, lieferarten.length, 18)] ?? null,
          zahlart: zahlarten[rnd(i, zahlarten.length, 19)] ?? null,
          erstkontakt: iso(new Date(Date.UTC(2010 + rnd(i, 16, 20), rnd(i, 12, 21), 1 + rnd(i, 28, 22)))),
          erstkontaktBemerkung: null,
          vertreter1: vertreter.length ? (vertreter[rnd(i, vertreter.length, 23)] as number) : null,
          vertreter2: null,
          vertreter3: null,
          abcKennung: (['A', 'B', 'B', 'C', 'C', 'C'] as const)[rnd(i, 6, 24)],
          unvollstaendig,
          notiz: rnd(i, 10, 25) === 0 ? 'Bevorzugt Lieferung vormittags.' : null,
          s01: branchen[rnd(i, branchen.length, 26)] as string,
          s02: rnd(i, 3, 27) === 0 ? 'Rahmenvertrag' : null,
          s03: null,
          s04: null,
          s05: null,
          s06: null,
          s07: null,
          s08: null,
          s09: null,
          s10: null,
          angelegtAm: now,
          geaendertAm: now,
        };
      },
      'Adressen',
      400,
    );

    const ids = async (limit: number, kunde?: boolean) => {
      let q = db.selectFrom('adressen').select(['id', 'anrede', 'name1']).orderBy('id').limit(limit);
      if (kunde) q = q.where('istKunde', '=', true).where('gesperrt', '=', false);
      return q.execute();
    };

    // Contact persons: companies get 1–4, persons none — of the first 100,000 addresses, or at a scale of a million and
    // more of as many addresses as it takes for `scale` persons (the global search's bench, issue 23 item 11).
    const voll = scale >= 1_000_000;
    await personenAnlegen(ctx, { vornamen, nachnamen }, await ids(voll ? scale : Math.min(scale, 100_000)), { person: 0, firma: 0 }, voll ? scale : undefined);

    // Pictures for some persons of the first addresses.
    const bildPersonen = await db.selectFrom('ansprechpartner').select('id').where('adresseId', '<=', 60).orderBy('id').execute();
    for (const [i, p] of bildPersonen.entries()) {
      if (i % 2 === 1) continue;
      const { id } = await db
        .insertInto('bilder')
        .values({ dateiname: `portrait-${p.id}.png`, mimeType: 'image/png', daten: avatarPng((i * 47) % 360) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('ansprechpartner').set({ gfxid: id }).where('id', '=', p.id).execute();
    }

    // Activities, additional addresses, files and customer prices for the first 2,000 addresses.
    const arten = await db.selectFrom('aktivitaetsarten').select('id').orderBy('id').execute();
    const demo = await ids(Math.min(scale, 2000));
    const personenVon = new Map<number, number[]>();
    for (const p of await db
      .selectFrom('ansprechpartner')
      .select(['id', 'adresseId'])
      .where('adresseId', '<=', demo.at(-1)?.id ?? 0)
      .execute()) {
      personenVon.set(p.adresseId, [...(personenVon.get(p.adresseId) ?? []), p.id]);
    }
    const themen = [
      'Rückfrage zum Angebot',
      'Reklamation besprochen',
      'Wartungstermin vereinbart',
      'Neue Preisliste zugesandt',
      'Besuch vor Ort, Bedarf aufgenommen',
      'Lieferverzug erklärt',
      'Jahresgespräch geführt',
    ];
    const akt = demo.flatMap((a, i) => Array.from({ length: rnd(i, 6, 50) }, (_, k) => ({ a, k })));
    await insertChunked(
      ctx,
      'aktivitaeten',
      akt.length,
      (i) => {
        const { a, k } = akt[i] as { a: { id: number }; k: number };
        const datum = new Date(Date.now() - rnd(i, 700, 51) * 86_400_000 - k * 3_600_000).toISOString();
        const persons = personenVon.get(a.id) ?? [];
        return {
          adresseId: a.id,
          ansprechpartnerId: persons.length ? (persons[rnd(i, persons.length, 52)] as number) : null,
          benutzerId: (benutzer[rnd(i, Math.min(benutzer.length, 6), 53)]?.id ?? admin) as number,
          artId: (arten[rnd(i, arten.length, 54)]?.id ?? 1) as number,
          beschreibung: themen[rnd(i, themen.length, 55)] as string,
          dauer: (1 + rnd(i, 12, 56)) * 5,
          datum,
          angelegtDatum: datum,
          geaendertDatum: datum,
          ticketId: null,
          dealId: null,
        };
      },
      'Aktivitäten',
    );

    const zusatz = demo.filter((_, i) => rnd(i, 3, 60) === 0);
    await insertChunked(
      ctx,
      'zusatzadressen',
      zusatz.length * 2,
      (i) => {
        const a = zusatz[Math.floor(i / 2)] as { id: number; name1: string };
        const o = ORTE_DE[rnd(i, ORTE_DE.length, 61)] as Ort;
        return {
          adresseId: a.id,
          art: i % 2 === 0 ? 'LIEFERADRESSE' : 'RECHNUNGSADRESSE',
          name1: i % 2 === 0 ? `${a.name1} – Lager` : `${a.name1} – Buchhaltung`,
          name2: null,
          strasse: `${strassen[rnd(i, strassen.length, 62)]} ${1 + rnd(i, 90, 63)}`,
          plz: o.plz,
          ort: o.ort,
          lkz: 'DE',
          telefon: null,
          email: null,
        };
      },
      'Zusatzadressen',
    );

    const plan = png(320, 200, (x, y) => (Math.floor(x / 40) % 2 === Math.floor(y / 40) % 2 ? [225, 236, 247] : [120, 160, 210]));
    const dateien = demo.filter((_, i) => rnd(i, 4, 70) === 0);
    await insertChunked(
      ctx,
      'adressDateien',
      dateien.length * 3,
      (i) => {
        const a = dateien[Math.floor(i / 3)] as { id: number; name1: string };
        const k = i % 3;
        const datum = new Date(Date.now() - rnd(i, 400, 71) * 86_400_000).toISOString();
        if (k === 0) {
          const daten = Buffer.from(`Rahmenvertrag\n\nVertragspartner: ${a.name1}\nLaufzeit: 24 Monate\nZahlungsziel: 30 Tage netto\n`, 'utf8');
          return {
            adresseId: a.id,
            dateiname: 'Rahmenvertrag.txt',
            mimeType: 'text/plain',
            groesse: daten.length,
            datum,
            betreff: 'Rahmenvertrag',
            istEmail: false,
            dealId: null,
            ticketId: null,
            daten,
          };
        }
        if (k === 1)
          return {
            adresseId: a.id,
            dateiname: 'Lageplan.png',
            mimeType: 'image/png',
            groesse: plan.length,
            datum,
            betreff: 'Lageplan Anlieferung',
            istEmail: false,
            dealId: null,
            ticketId: null,
            daten: plan,
          };
        const daten = Buffer.from(`From: ${a.name1.replace(/\s+/g, '.').toLowerCase()}@kunde.example\nSubject: Anfrage\n\nBitte um Rückruf.\n`, 'utf8');
        return {
          adresseId: a.id,
          dateiname: 'Anfrage.eml',
          mimeType: 'message/rfc822',
          groesse: daten.length,
          datum,
          betreff: 'Anfrage per E-Mail',
          istEmail: true,
          dealId: null,
          ticketId: null,
          daten,
        };
      },
      'Dateien',
    );

    // customer prices of articles of the set: number and name as the article's record has them
    const katalog = KATALOG;
    const kunden = await ids(Math.min(scale, 600), true);
    const preisKunden = kunden.filter((_, i) => rnd(i, 3, 80) === 0);
    for (const [i, a] of preisKunden.entries()) {
      for (let k = 0; k < 1 + rnd(i, 4, 81); k++) {
        const art = katalog[rnd(i * 7 + k, katalog.length, 82)] as (typeof KATALOG)[number];
        const preisart = (i + k) % 4;
        const sonder = discountedUnit(art.preis, 1000);
        const { id } = await db
          .insertInto('kundensonderpreise')
          .values({
            adresseId: a.id,
            artikelnummer: art.artikelnummer,
            artikelbezeichnung: art.bezeichnung,
            preisart,
            sonderpreis: sonder,
            mwstSatz: 1900,
            rabatt1: preisart === 0 ? 300 : null,
            rabatt2: null,
            abweichendeArtikelnummer: k === 0 ? `K-${a.id}-${k}` : null,
            abweichendeArtikelbezeichnung: null,
            abweichenderArtikeltext: null,
            ean: null,
            abweichendeArtikelnummerNutzen: k === 0,
            abweichendeTexteNutzen: false,
            abweichendeEanNutzen: false,
            sonderpreisNutzen: true,
          })
          .onConflict((oc) => oc.columns(['adresseId', 'artikelnummer']).doNothing())
          .returning('id')
          .executeTakeFirst()
          .then((r) => r ?? { id: 0 });
        if (!id) continue;
        if (preisart === 1 || preisart === 2) {
          await db
            .insertInto('kundensonderpreisStaffeln')
            .values(
              [2, 3, 4].map((stufe) => ({
                kundensonderpreisId: id,
                art: preisart === 1 ? ('P' as const) : ('R' as const),
                stufe,
                menge: [10, 50, 100][stufe - 2]! * 1000,
                vk: preisart === 1 ? discountedUnit(sonder, (stufe - 1) * 400) : null,
                rabatt: preisart === 2 ? (stufe - 1) * 250 : null,
              })),
            )
            .execute();
        }
        if (preisart === 3) {
          const year = new Date().getUTCFullYear();
          await db
            .insertInto('kundensonderpreisApz')
            .values([
              { kundensonderpreisId: id, abMenge: 1000, sonderpreis: sonder, gueltigVon: `${year}-01-01`, gueltigBis: `${year}-06-30` },
              { kundensonderpreisId: id, abMenge: 20_000, sonderpreis: discountedUnit(sonder, 800), gueltigVon: `${year}-01-01`, gueltigBis: `${year}-12-31` },
            ])
            .execute();
        }
      }
    }

    // The demo documents of these customers are made by the documents' seeder (seed/belege.ts) through the document services.
    // the number ranges continue after the demo numbers
    await syncNummernkreise(db, ctx.numberRanges);
  },
};

/**
 * Contact persons for the companies among `adressen` (1–4 each; persons get none), numbered on from `ab` (the index of
 * the next person and company, so that a top-up continues the drawing), at most `anzahl` when given.
 */
export async function personenAnlegen(
  ctx: SeedContext,
  pools: { vornamen: string[]; nachnamen: string[] },
  adressen: { id: number; anrede: string | null }[],
  ab: { person: number; firma: number },
  anzahl?: number,
): Promise<number> {
  const { vornamen, nachnamen } = pools;
  const rnd = (i: number, n: number, salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) % n;
  const funktionen = ['Geschäftsführer', 'Einkauf', 'Buchhaltung', 'Technik', 'Vertrieb', 'Lager', 'Assistenz'];
  const personen: { adresseId: number; k: number }[] = [];
  let firma = ab.firma;
  for (const a of adressen) {
    if (a.anrede !== 'Firma') continue;
    const n = 1 + rnd(firma++, 4, 30);
    for (let k = 0; k < n; k++) personen.push({ adresseId: a.id, k });
    if (anzahl !== undefined && personen.length >= anzahl) break;
  }
  if (anzahl !== undefined) personen.length = Math.min(personen.length, anzahl);
  await insertChunked(
    ctx,
    'ansprechpartner',
    personen.length,
    (j) => {
      const i = ab.person + j;
      const p = personen[j] as { adresseId: number; k: number };
      const frau = rnd(i, 2, 31) === 0;
      const vor = vornamen[rnd(i, vornamen.length, 32)] as string;
      const nach = nachnamen[rnd(i, nachnamen.length, 33)] as string;
      const gebJahr = 1960 + rnd(i, 40, 36);
      // Some birthdays fall in the coming days, so the birthday widget has something to show.
      const geb =
        i % 37 === 0
          ? new Date(Date.UTC(gebJahr, new Date().getUTCMonth(), new Date().getUTCDate() + (i % 7) - 2))
          : new Date(Date.UTC(gebJahr, rnd(i, 12, 34), 1 + rnd(i, 28, 35)));
      return {
        adresseId: p.adresseId,
        anrede: frau ? 'Frau' : 'Herr',
        titel: rnd(i, 15, 37) === 0 ? 'Dr.' : null,
        vorname: vor,
        name: nach,
        position: funktionen[rnd(i, funktionen.length, 38)] as string,
        abteilung: null,
        telefon: `0${rnd(i, 900, 39) + 100} ${rnd(i, 900_000, 40) + 100_000}-${10 + p.k}`,
        mobil: rnd(i, 2, 41) === 0 ? `017${rnd(i, 10, 42)} ${rnd(i, 9_000_000, 43) + 1_000_000}` : null,
        fax: null,
        email: `${vor}.${nach}@firma.example`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        briefanrede: frau ? `Sehr geehrte Frau ${nach},` : `Sehr geehrter Herr ${nach},`,
        sortierung: (p.k + 1) * 10,
        geburtstag: iso(geb),
        notiz: null,
        gfxid: null,
      };
    },
    'Ansprechpartner',
  );
  return personen.length;
}
