import { TICKET_VORGABEN } from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/locks';
import { type Ctx, createRecord } from '../../lib/resource';
import { insertChunked, type Seeder } from '../../seed/context';
import { KATALOG } from '../../seed/katalog';
import { aktivitaetenResource } from '../adressen/adressen.resources';
import { drawNumber, syncNummernkreise } from '../system/nummernkreise.service';
import { ABRECHNUNGSARTIKEL_PARAMETER } from './tickets.abrechnung';
import { anhaengeResource, ticketsResource } from './tickets.resource';

const BETREFFE = [
  'Pumpe verliert Druck',
  'Wartungsvertrag verlängern',
  'Rechnung unklar',
  'Steuerung zeigt Fehler E17',
  'Schulung für neue Mitarbeiter',
  'Ersatzteil bestellen',
  'Fernwartung einrichten',
  'Lieferung beschädigt',
  'Angebot für Erweiterung',
  'Zugang zum Kundenportal',
];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * Demo tickets through the tickets' own write path (rules, numbers, change log): main tickets with sub-tickets (two
 * levels), activities of the demo users (own and foreign for each login), attachments, a few closed tickets; activities
 * for the first deals when deals exist. Beyond the demo set (`SEED_SCALE`, e.g. 1m) the rest are bulk rows with
 * numbers from the range, so the lists can be measured at a million.
 */
export const ticketsSeeder: Seeder = {
  name: 'tickets',
  table: 'tickets',
  demoOnly: true,
  async run(ctx) {
    const { db, faker, dialect } = ctx;
    const users = await db.selectFrom('benutzer').select(['id', 'name', 'istAdmin']).orderBy('id').limit(3).execute();
    const adressen = await db.selectFrom('adressen').select(['id', 'name1']).orderBy('id').limit(30).execute();
    const art = await db.selectFrom('aktivitaetsarten').select('id').orderBy('id').executeTakeFirst();
    if (users.length === 0 || adressen.length === 0 || !art) return;
    await setzeAbrechnungsartikel(db);
    const admin: Actor = { id: users[0]!.id, name: users[0]!.name, istAdmin: true };
    const rctx: Ctx = { db, dialect, parameter: async () => null };
    const demo = Math.min(ctx.scale, 40);
    // every fourth a main ticket, then two sub-tickets of it and a sub-ticket of the second (three levels)
    let haupt: { id: number; adresseId: number } | undefined;
    let unter: { id: number; adresseId: number } | undefined;
    for (let i = 0; i < demo; i++) {
      const adresse = adressen[i % adressen.length]!;
      const parent = i % 4 === 0 ? undefined : i % 4 === 3 ? unter : haupt;
      const { nummer } = await drawNumber(db, 'TICKET');
      const user = users[i % users.length]!;
      const data = {
        ...TICKET_VORGABEN,
        verantwortlichBenutzerId: user.id,
        angefordertVonBenutzerId: admin.id,
        zugeordnetBenutzerId: user.id,
        nachErledigungZurueckAnBenutzerId: admin.id,
        ticketNummer: nummer,
        betreff: `${BETREFFE[i % BETREFFE.length]}${parent ? ' (Teilaufgabe)' : ''}`,
        beschreibung: faker.lorem.sentences(2),
        adresseId: parent ? parent.adresseId : adresse.id,
        prioritaet: [1, 3, 5, 5, 7][i % 5]!,
        aufwandGeschaetzt: 60 * (1 + (i % 5)),
        aufwandBeauftragt: 60 * (1 + (i % 4)),
        hauptTicketId: parent?.id ?? null,
        status: [0, 10, 20, 0, 30][i % 5]!,
      };
      const t = (await createRecord(db, rctx, ticketsResource(dialect, admin), admin, { data })).result as { id: number; adresseId: number };
      if (i % 4 === 0) haupt = t;
      if (i % 4 === 2) unter = t;
      for (let k = 0; k < (i % 3) + 1; k++) {
        const von = users[(i + k) % users.length]!;
        const datum = new Date(Date.UTC(2026, 0, 1 + ((i * 3 + k) % 60), 8 + k, 0)).toISOString();
        await createRecord(
          db,
          rctx,
          aktivitaetenResource,
          admin,
          { data: { artId: art.id, benutzerId: von.id, beschreibung: faker.lorem.sentence(), dauer: 15 * (1 + ((i + k) % 6)), datum, ticketId: t.id } },
          undefined,
          t.adresseId,
        );
      }
      if (i % 5 === 0) {
        const datei = {
          adresseId: t.adresseId,
          dateiname: `Protokoll-${nummer}.pdf`,
          betreff: 'Protokoll',
          daten: PDF,
          mimeType: 'application/pdf',
          groesse: PDF.length,
          datum: nowIso(),
        };
        await createRecord(db, rctx, anhaengeResource, admin, { data: datei }, undefined, t.id);
      }
    }
    await dealActivities(db, rctx, admin, users, art.id, faker.lorem.sentence.bind(faker.lorem));

    const rest = Math.max(0, ctx.scale - demo);
    if (rest > 0) {
      const start = await db.selectFrom('nummernkreise').select('naechste').where('name', '=', 'TICKET').executeTakeFirstOrThrow();
      const first = Number(start.naechste);
      const now = nowIso();
      await insertChunked(ctx, 'tickets', rest, (i) => {
        const a = adressen[i % adressen.length]!;
        return {
          ticketNummer: first + i,
          betreff: `${BETREFFE[i % BETREFFE.length]} ${i}`,
          beschreibung: null,
          ...TICKET_VORGABEN,
          status: i % 3 === 0 ? 90 : 0,
          adresseId: a.id,
          adresseName: a.name1,
          verantwortlichBenutzerId: admin.id,
          angefordertVonBenutzerId: admin.id,
          zugeordnetBenutzerId: admin.id,
          nachErledigungZurueckAnBenutzerId: admin.id,
          angelegtAm: now,
          geaendertAm: now,
        };
      });
      await syncNummernkreise(db, ctx.numberRanges);
    }
  },
};

/** A few activities of the first open deals, by different users (when the deals have rows). */
async function dealActivities(db: Db, rctx: Ctx, admin: Actor, users: { id: number }[], artId: number, satz: () => string) {
  const deals = await db.selectFrom('deals').select(['id', 'adresseId']).orderBy('id').limit(5).execute();
  for (const [i, d] of deals.entries()) {
    for (let k = 0; k < 2; k++) {
      const datum = new Date(Date.UTC(2026, 0, 5 + i + k, 10, 0)).toISOString();
      const data = { artId, benutzerId: users[(i + k) % users.length]!.id, beschreibung: satz(), dauer: 30, datum, dealId: d.id };
      await createRecord(db, rctx, aktivitaetenResource, admin, { data }, undefined, d.adresseId);
    }
  }
}

/** The hourly rate of "create billing document": the catalogue's fitter hour, unless the installation names another. */
async function setzeAbrechnungsartikel(db: Db) {
  const artikel = KATALOG.find((a) => a.bezeichnung === 'Monteurstunde');
  if (!artikel) return;
  const gesetzt = await db.selectFrom('systemParameter').select('name').where('name', '=', ABRECHNUNGSARTIKEL_PARAMETER).executeTakeFirst();
  if (!gesetzt) await db.insertInto('systemParameter').values({ name: ABRECHNUNGSARTIKEL_PARAMETER, wert: artikel.artikelnummer }).execute();
}
