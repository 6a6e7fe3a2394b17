import { createRequire } from 'node:module';
import { APP_VERSION, BELEGART_LISTE, ERECHNUNG_PRUEFUNG_PARAMETER, ERINNERUNG_TABELLEN, SPEC_RECHTE } from '@vario/contract';
import countries from 'i18n-iso-countries';
import { hashPassword, NO_LOGIN } from '../modules/auth/passwords';
import { insertChunked, type Seeder } from './context';
import { WARENGRUPPEN } from './katalog';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/de.json'));

/** Demo logins (only in demo mode) — README lists them. */
export const DEMO_LOGINS = [
  { login: 'admin', password: 'admin', role: 'Administrator' },
  { login: 'buero', password: 'buero', role: 'Büro (eingeschränkte Rechte)' },
  { login: 'techniker', password: 'techniker', role: 'Techniker mit Gutteile-, DOA- und Defektteilelager' },
] as const;

/** Every right code of the spec (3-cross-cutting §6), declared in the contract. */
export const RECHTE = SPEC_RECHTE;

const BUERO_VERBOTEN = new Set([
  'ADR_LOESCHEN',
  'DEALS_LOESCHEN',
  'BEK_LOESCHEN',
  'TKT_LOESCHEN',
  'TKT_AKT_LOESCHEN',
  'TKT_AKT_FREMD_LOESCHEN',
  'ART_LOESCHEN',
  'ASS_LOESCHEN',
  'ART_EK',
  'AUS_FREIESQL',
]);
const TECHNIKER_VERBOTEN = new Set([
  ...BUERO_VERBOTEN,
  'LAG_LGK_WECHSELN',
  'ABGL_DEALS_AENDERN',
  'BEK_FREMDBEARB',
  'ART_SONDERPREISE',
  'TKT_AKT_FREMD_AENDERN',
]);

export const foundationSeeder: Seeder = {
  name: 'foundation',
  table: 'systemInfo',
  async run(ctx) {
    const { db, faker } = ctx;
    await db
      .insertInto('systemInfo')
      .values({ id: 1, lizenzName: 'Muster Handel & Service GmbH', datenbankVersion: APP_VERSION, seriennummer: 'VW-2024-000815' })
      .execute();
    await db
      .insertInto('systemParameter')
      .values([
        { name: 'PFA.WIRTSCHAFTSJAHRBEGINN', wert: '4' },
        { name: 'SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN', wert: '1' },
        { name: 'DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN', wert: '1' },
        { name: 'NUTZUNG.DEALS', wert: '1' },
        { name: 'NUTZUNG.TICKETS', wert: '1' },
        { name: 'NUTZUNG.SERVICE', wert: '1' },
        { name: 'NUTZUNG.ZEITERFASSUNG', wert: '0' },
        { name: 'ZEITERFASSUNG.SOLLMINUTEN', wert: '480,480,480,480,480,0,0' },
        { name: 'MAHNUNG.KARENZTAGE', wert: '7' },
        { name: ERECHNUNG_PRUEFUNG_PARAMETER, wert: 'ablehnen' },
        { name: 'ZEITERFASSUNG.RUNDUNGMINUTEN', wert: '15' },
        { name: 'ZEITERFASSUNG.RUNDUNGSART', wert: 'KAUFMAENNISCH' },
        { name: 'SYSTEM.WARTUNGSMODUS', wert: '0' },
      ])
      .execute();
    await db
      .insertInto('belegarten')
      // one row per document descriptor (the contract's BELEGARTEN)
      .values(BELEGART_LISTE.map((d) => ({ belegart: d.belegart, anzeige: d.name.de, istEinkauf: d.seite === 'einkauf' })))
      .execute();
    await db
      .insertInto('zahlungsarten')
      .values([
        { bezeichnung: 'Sofort ohne Abzug', nettoTage: 0, skontoTage: 0, skontoProzent: 0 },
        { bezeichnung: '14 Tage netto', nettoTage: 14, skontoTage: 0, skontoProzent: 0 },
        { bezeichnung: '30 Tage netto, 10 Tage 2 % Skonto', nettoTage: 30, skontoTage: 10, skontoProzent: 200 },
        { bezeichnung: 'Lastschrift', nettoTage: 0, skontoTage: 0, skontoProzent: 0, verfahren: 'LASTSCHRIFT' },
        { bezeichnung: 'Vorkasse', nettoTage: 0, skontoTage: 0, skontoProzent: 0, verfahren: 'VORKASSE' },
      ])
      .execute();
    await db
      .insertInto('lieferbedingungen')
      .values(['Ab Werk', 'Frei Haus', 'Unfrei', 'Abholung', 'Spedition'].map((bezeichnung) => ({ bezeichnung })))
      .execute();
    await db
      .insertInto('serviceAuftragsarten')
      .values(['Wartung', 'Reparatur', 'Installation', 'Inspektion', 'Notdienst'].map((bezeichnung) => ({ bezeichnung })))
      .execute();
    await db
      .insertInto('serviceAbrechnungsarten')
      .values(['Nach Aufwand', 'Pauschal', 'Garantie', 'Wartungsvertrag'].map((bezeichnung) => ({ bezeichnung })))
      .execute();

    // Storage regions and warehouses: a main region with central and service stores, a second region with a branch.
    const kreise = await db
      .insertInto('lagerkreise')
      .values([
        { name: 'Zentrale Hannover', istHauptlagerkreis: true, kommissionierart: 1, ausgangLagerId: null },
        { name: 'Niederlassung Leipzig', istHauptlagerkreis: false, kommissionierart: 2, ausgangLagerId: null },
        { name: 'Kundendienst', istHauptlagerkreis: false, kommissionierart: 0, ausgangLagerId: null },
      ])
      .returning('id')
      .execute();
    const [hannover, leipzig, service] = kreise.map((k) => k.id) as [number, number, number];
    const lager = await db
      .insertInto('lager')
      .values([
        { kurzbezeichnung: 'HL', bezeichnung: 'Hauptlager Hannover', lagerkreisId: hannover, hatLagerplaetze: true },
        { kurzbezeichnung: 'VL', bezeichnung: 'Versandlager Hannover', lagerkreisId: hannover, hatLagerplaetze: false },
        { kurzbezeichnung: 'LL', bezeichnung: 'Lager Leipzig', lagerkreisId: leipzig, hatLagerplaetze: true },
        { kurzbezeichnung: 'KD-GUT', bezeichnung: 'Kundendienst Gutteile', lagerkreisId: service, hatLagerplaetze: false },
        { kurzbezeichnung: 'KD-DOA', bezeichnung: 'Kundendienst DOA', lagerkreisId: service, hatLagerplaetze: false },
        { kurzbezeichnung: 'KD-DEF', bezeichnung: 'Kundendienst Defektteile', lagerkreisId: service, hatLagerplaetze: false },
      ])
      .returning('id')
      .execute();
    const [hl, vl, ll, gut, doa, def] = lager.map((l) => l.id) as [number, number, number, number, number, number];
    await db.updateTable('lagerkreise').set({ ausgangLagerId: vl }).where('id', '=', hannover).execute();
    await db.updateTable('lagerkreise').set({ ausgangLagerId: ll }).where('id', '=', leipzig).execute();

    await db
      .insertInto('landeskennzeichen')
      .values(Object.entries(countries.getNames('de', { select: 'official' })).map(([lkz, land]) => ({ lkz, land })))
      .execute();
    await db
      .insertInto('preisgruppen')
      .values(Array.from({ length: 17 }, (_, i) => ({ nummer: i + 1, bezeichnung: i === 0 ? 'Standardpreis' : `Preisgruppe ${i + 1}` })))
      .execute();
    const texte: [string, string[]][] = [
      ['ADR.Anrede', ['Firma', 'Herr', 'Frau', 'Divers', 'Eheleute']],
      ['ADR.Briefanrede', ['Sehr geehrte Damen und Herren,', 'Sehr geehrter Herr', 'Sehr geehrte Frau', 'Hallo']],
      ['ADR.Titel', ['Dr.', 'Prof.', 'Prof. Dr.', 'Dipl.-Ing.']],
      ['ASP.Abteilung', ['Geschäftsführung', 'Einkauf', 'Verkauf', 'Buchhaltung', 'Technik', 'Lager']],
      ['ASP.Funktion', ['Geschäftsführer', 'Einkaufsleiter', 'Sachbearbeiter', 'Techniker', 'Assistenz']],
    ];
    await db
      .insertInto('texte')
      .values(
        texte.flatMap(([schluessel, werte]) => werte.map((wert, i) => ({ schluessel, wert, bezeichnung: wert, sortierung: (i + 1) * 10, istAktiv: true }))),
      )
      .execute();
    await db
      .insertInto('texte')
      .values({ schluessel: 'ADR.Anrede', wert: 'Fräulein', bezeichnung: 'Fräulein (veraltet)', sortierung: 90, istAktiv: false })
      .execute();
    await db
      .insertInto('aktivitaetsarten')
      .values([
        { wert: 'TEL', bezeichnung: 'Telefonat' },
        { wert: 'BES', bezeichnung: 'Besuch' },
        { wert: 'MAIL', bezeichnung: 'E-Mail' },
        { wert: 'NOTIZ', bezeichnung: 'Notiz' },
        { wert: 'TERMIN', bezeichnung: 'Termin' },
        { wert: 'ANGEBOT', bezeichnung: 'Angebot nachfassen' },
      ])
      .execute();
    await db
      .insertInto('warengruppen')
      .values(WARENGRUPPEN.map((bezeichnung) => ({ bezeichnung })))
      .execute();
    await db
      .insertInto('systemParameter')
      .values([
        { name: 'ASSETS.S01', wert: 'Baujahr' },
        { name: 'ASSETS.S02', wert: 'Standort im Gebäude' },
        { name: 'ASSETS.S03', wert: 'Wartungsvertrag' },
        { name: 'ASSETS.S04', wert: 'Leistung' },
        { name: 'ASSETS.S05', wert: 'Zählerstand' },
        { name: 'ASSETS.S06', wert: 'Bemerkung Technik' },
      ])
      .execute();

    // Everything above is reference data every installation needs; what follows exists only in demo mode.
    if (!ctx.demo) return;

    // Users: the demo logins, then office and field staff that cannot log in.
    const demoHashes = await Promise.all(DEMO_LOGINS.map((d) => hashPassword(d.password)));
    const [admin, buero, techniker] = await db
      .insertInto('benutzer')
      .values([
        {
          name: 'Anna Administrator',
          kuerzel: 'ADM',
          anmeldename: 'admin',
          typ: 0,
          istAdmin: true,
          gesperrt: false,
          avatar: null,
          vorgabeLagerId: hl,
          email: 'admin@example.com',
          passwortHash: demoHashes[0] as string,
        },
        {
          name: 'Bernd Büro',
          kuerzel: 'BB',
          anmeldename: 'buero',
          typ: 0,
          istAdmin: false,
          gesperrt: false,
          avatar: null,
          vorgabeLagerId: ll,
          email: 'buero@example.com',
          passwortHash: demoHashes[1] as string,
        },
        {
          name: 'Tom Techniker',
          kuerzel: 'TT',
          anmeldename: 'techniker',
          typ: 2,
          istAdmin: false,
          gesperrt: false,
          avatar: null,
          vorgabeLagerId: gut,
          email: 'techniker@example.com',
          passwortHash: demoHashes[2] as string,
        },
      ])
      .returning('id')
      .execute()
      .then((r) => r.map((x) => x.id) as [number, number, number]);
    const staffCount = Math.min(200, Math.max(12, Math.round(ctx.scale / 100)));
    const used = new Set(['ADM', 'BB', 'TT']);
    const staff = Array.from({ length: staffCount }, (_, i) => {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      let kuerzel = `${first[0]}${last.slice(0, 2)}`.toUpperCase();
      while (used.has(kuerzel)) kuerzel = `${kuerzel.slice(0, 3)}${i}`;
      used.add(kuerzel);
      return {
        name: `${first} ${last}`,
        kuerzel,
        anmeldename: `${kuerzel.toLowerCase()}.${i}`,
        typ: faker.helpers.arrayElement([0, 0, 1, 2, 3, 9]),
        istAdmin: false,
        gesperrt: i % 9 === 8,
        avatar: null,
        vorgabeLagerId: faker.helpers.arrayElement([hl, vl, ll]),
        email: faker.internet.email({ firstName: first, lastName: last, provider: 'example.com' }).toLowerCase(),
        passwortHash: NO_LOGIN,
      };
    });
    const staffIds = (await db.insertInto('benutzer').values(staff).returning('id').execute()).map((r) => r.id);

    await db
      .insertInto('rechte')
      .values([
        ...RECHTE.map((recht) => ({ benutzerId: buero, recht, genehmigt: !BUERO_VERBOTEN.has(recht) })),
        ...RECHTE.map((recht) => ({ benutzerId: techniker, recht, genehmigt: !TECHNIKER_VERBOTEN.has(recht) })),
        ...staffIds.flatMap((benutzerId) => RECHTE.map((recht) => ({ benutzerId, recht, genehmigt: faker.datatype.boolean(0.8) }))),
      ])
      .execute();
    await db
      .insertInto('techniker')
      .values([
        { benutzerId: techniker, bezeichnung: 'Tom Techniker', gutteileLagerId: gut, doateileLagerId: doa, defektteileLagerId: def },
        ...staffIds
          .filter((_, i) => staff[i]?.typ === 2)
          .map((benutzerId, i) => ({
            benutzerId,
            bezeichnung: staff.find((_, j) => staffIds[j] === benutzerId)?.name ?? `Techniker ${i}`,
            gutteileLagerId: i % 2 === 0 ? gut : null,
            doateileLagerId: null,
            defektteileLagerId: null,
          })),
      ])
      .execute();

    // Reminders: a handful for each demo login (some due soon, some past), the bulk for the staff.
    const now = Date.now();
    const demoReminders = [admin, buero, techniker].flatMap((benutzerId) =>
      [-3 * 86_400_000, -3_600_000, 10 * 60_000, 2 * 3_600_000, 86_400_000, 7 * 86_400_000].map((offset, i) => ({
        benutzerId,
        erinnerungDatum: new Date(now + offset).toISOString(),
        bemerkung: faker.helpers.arrayElement([
          'Rückruf wegen Angebot',
          'Wartungstermin bestätigen',
          'Zahlungseingang prüfen',
          'Lieferung nachverfolgen',
          'Ticket nachfassen',
          'Geburtstagsgruß senden',
        ]),
        tabelle: i % 3 === 0 ? null : faker.helpers.arrayElement(ERINNERUNG_TABELLEN),
        tabelleId: i % 3 === 0 ? null : faker.number.int({ min: 1, max: 50 }),
        erstelltVon: admin,
      })),
    );
    await db.insertInto('erinnerungen').values(demoReminders).execute();
    const start = now - 365 * 86_400_000;
    await insertChunked(
      ctx,
      'erinnerungen',
      ctx.scale,
      (i) => ({
        benutzerId: staffIds[i % staffIds.length] as number,
        erinnerungDatum: new Date(start + Math.floor(faker.number.float({ min: 0, max: 1 }) * 730 * 86_400_000)).toISOString(),
        bemerkung: `${faker.helpers.arrayElement(['Rückruf', 'Angebot nachfassen', 'Termin', 'Mahnung prüfen', 'Besuch planen'])}: ${faker.company.name()}`,
        tabelle: null,
        tabelleId: null,
        erstelltVon: admin,
      }),
      'Erinnerungen',
    );
  },
};
