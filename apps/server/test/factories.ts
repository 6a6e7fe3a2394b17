import { endpoints } from '@vario/contract';
import { hashPassword } from '../src/modules/auth/passwords';
import { type Api, type BodyOf, expectOk } from './client';

/**
 * One factory per entity. Each creates its record through the API (the services users call) with unique defaults,
 * takes overrides of any field and answers the typed record. `as` is the login that creates (default: admin).
 * Users have no API: `benutzer` writes them like `npm run create-admin` does, with the given rights.
 */

type Data<K extends keyof typeof endpoints> = BodyOf<(typeof endpoints)[K]> extends { data: infer D } ? D : never;
interface By {
  as?: string;
  ProtokollBemerkung?: string;
}

let counter = 0;
/** A short value unique within the test run (numbers, names, logins). */
export const unique = (prefix = '') => `${prefix}${Date.now().toString(36).slice(-5)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export function factories(c: Api) {
  const db = c.t.handle.db;
  const as = (by: By) => by.as ?? 'admin';
  const remark = (by: By) => (by.ProtokollBemerkung === undefined ? {} : { ProtokollBemerkung: by.ProtokollBemerkung });

  return {
    /** An address (a customer unless said otherwise); the server assigns its numbers. */
    async adresse(data: Partial<Data<'adresseCreate'>> = {}, by: By = {}) {
      const body = { data: { name1: `Testfirma ${unique()}`, istKunde: true, ...data }, ProtokollBemerkung: by.ProtokollBemerkung ?? 'Test' };
      return expectOk(await c.call(endpoints.adresseCreate, { as: as(by), body })).result;
    },

    /** A contact person of an address. */
    async ansprechpartner(adresseId: number, data: Partial<Data<'ansprechpartnerCreate'>> = {}, by: By = {}) {
      const body = { data: { name: `Person ${unique()}`, ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.ansprechpartnerCreate, { as: as(by), params: { id: adresseId }, body })).result;
    },

    /** An activity of an address, of the first activity type unless given. */
    async aktivitaet(adresseId: number, data: Partial<Data<'aktivitaetCreate'>> = {}, by: By = {}) {
      const artId = data.artId ?? expectOk(await c.call(endpoints.aktivitaetsarten, { as: as(by), query: { limit: 1 } })).result[0]!.id;
      const body = { data: { adresseId, artId, beschreibung: `Aktivität ${unique()}`, dauer: 10, datum: new Date().toISOString(), ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.aktivitaetCreate, { as: as(by), body })).result;
    },

    /** A customer-specific price of an address for a new article (unless given), at 10 € unless given (issue 9 item 3). */
    async preis(adresseId: number, data: Partial<Data<'preisCreate'>> = {}, by: By = {}) {
      const artikelnummer = data.artikelnummer ?? (await this.artikel()).artikelnummer;
      const body = { data: { artikelnummer, sonderpreis: 10, ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.preisCreate, { as: as(by), params: { id: adresseId }, body })).result;
    },

    /** A stocked product (artikelart 1) at 100 € net unless overridden. */
    async artikel(data: Partial<Data<'artikelCreate'>> = {}, by: By = {}) {
      const body = { data: { artikelnummer: unique('T-'), artikelart: '1' as const, bezeichnung: 'Testpumpe', vknetto: 100, ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.artikelCreate, { as: as(by), body })).result;
    },

    /** A stock booking (arrival unless `art` says otherwise); answers the movements written. */
    async buchung(data: Omit<Data<'buchung'>, 'art'> & Partial<Pick<Data<'buchung'>, 'art'>>, by: By = {}) {
      const body = { data: { art: 'ZUGANG' as const, ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.buchung, { as: as(by), body })).result;
    },

    /** An asset. */
    async asset(data: Partial<Data<'assetCreate'>> = {}, by: By = {}) {
      const body = { data: { assetnummer: unique('AT-'), bezeichnung: 'Kältemaschine', ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.assetCreate, { as: as(by), body })).result;
    },

    /** A reminder, by default for the creating user, due in an hour. */
    async erinnerung(data: Partial<Data<'erinnerungCreate'>> = {}, by: By = {}) {
      const benutzerId = data.benutzerId ?? expectOk(await c.call(endpoints.me, { as: as(by) })).result.benutzer.id;
      const erinnerungDatum = new Date(Date.now() + 3_600_000).toISOString();
      const body = { data: { benutzerId, erinnerungDatum, bemerkung: `Erinnerung ${unique()}`, ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.erinnerungCreate, { as: as(by), body })).result;
    },

    /** A sales document (an offer unless `belegart` says otherwise) for a new customer unless `adresseId` is given. */
    async beleg(data: Partial<Data<'belegCreate'>> = {}, by: By = {}) {
      const adresseId = data.adresseId ?? (await this.adresse()).id;
      const body = { data: { belegart: '0100' as const, ...data, adresseId }, ...remark(by) };
      return expectOk(await c.call(endpoints.belegCreate, { as: as(by), body })).result;
    },

    /** A position of a document: an article line of a new article (100 € net) unless an article or a text line is given. */
    async position(belegId: number, data: Partial<Data<'belegPositionCreate'>> = {}, by: By = {}) {
      const artikel =
        data.positionsArt === 'T' || data.artikelId !== undefined || data.artikelnummer !== undefined ? {} : { artikelId: (await this.artikel()).id };
      const body = { data: { ...artikel, ...data }, ...remark(by) };
      return expectOk(await c.call(endpoints.belegPositionCreate, { as: as(by), params: { id: belegId }, body })).result;
    },

    /** A record lock; answers the lock with its token. */
    async sperre(data: Data<'sperreCreate'>, by: By = {}) {
      return expectOk(await c.call(endpoints.sperreCreate, { as: as(by), body: { data } })).result;
    },

    /**
     * A user who can log in (password = login name, so `as: user.anmeldename` works) with the given rights
     * (`{ LAG_SEHEN: false }`); an office user (typ 0) unless said otherwise.
     */
    async benutzer(opts: { rechte?: Record<string, boolean>; istAdmin?: boolean; typ?: number; name?: string; gesperrt?: boolean } = {}) {
      const anmeldename = unique('u').toLowerCase();
      const name = opts.name ?? `Test ${anmeldename}`;
      const row = await db
        .insertInto('benutzer')
        .values({
          name,
          kuerzel: anmeldename.slice(0, 6).toUpperCase(),
          anmeldename,
          typ: opts.typ ?? 0,
          istAdmin: opts.istAdmin ?? false,
          gesperrt: opts.gesperrt ?? false,
          avatar: null,
          vorgabeLagerId: null,
          email: null,
          passwortHash: await hashPassword(anmeldename),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rechte = Object.entries(opts.rechte ?? {}).map(([recht, genehmigt]) => ({ benutzerId: row.id, recht, genehmigt }));
      if (rechte.length) await db.insertInto('rechte').values(rechte).execute();
      return { id: row.id, anmeldename, name };
    },

    /**
     * An open item: an invoice (or a credit note, belegart 0500) over `betrag` euro gross — one line of a new service
     * article at that price without VAT — booked through the document API, which creates its open item. Answers the
     * open item as the API reads it, with the document's id as `belegId`.
     */
    async offenerPosten(data: { betrag?: number; adresseId?: number; belegart?: '0400' | '0500'; belegdatum?: string } = {}, by: By = {}) {
      const beleg = await this.beleg({ belegart: data.belegart ?? '0400', adresseId: data.adresseId, belegdatum: data.belegdatum }, by);
      const artikel = await this.artikel({ artikelart: '3', vknetto: data.betrag ?? 119 }, by);
      await this.position(beleg.id, { artikelId: artikel.id, menge: 1, einzelpreis: data.betrag ?? 119, mwstSatz: 0 }, by);
      expectOk(await c.call(endpoints.belegBuchen, { as: as(by), params: { id: beleg.id }, body: {} }));
      const found = expectOk(await c.call(endpoints.offenePostenList, { as: as(by), query: { filter: `belegId=${beleg.id}` } })).result[0];
      if (!found) throw new Error(`booking ${beleg.belegnummer} made no open item`);
      const item = expectOk(await c.call(endpoints.offenerPostenGet, { as: as(by), params: { id: found.id } })).result;
      // made from a document: its belegId is set (only a credit from an overpayment has none)
      return { ...item, belegId: beleg.id };
    },

    /**
     * A service order (created by the office, admin unless `as`), planned for `technikerId` from an hour ago for two
     * hours when given (accepted unless `angenommen: false`); answers the order and its planning item. Technicians with
     * their stores: test/service-helpers.ts.
     */
    async serviceAuftrag(data: Partial<Data<'serviceAuftragCreate'>> = {}, plan: { technikerId?: number; angenommen?: boolean } = {}, by: By = {}) {
      const auftrag = expectOk(
        await c.call(endpoints.serviceAuftragCreate, { as: as(by), body: { data: { bezeichnung: `Wartung ${unique()}`, ...data } } }),
      ).result;
      if (!plan.technikerId) return { auftrag, planung: null };
      const beginnDatum = new Date(Date.now() - 3_600_000).toISOString();
      const endeDatum = new Date(Date.now() + 3_600_000).toISOString();
      const body = { data: { serviceAuftragId: auftrag.id, technikerId: plan.technikerId, beginnDatum, endeDatum, angenommen: plan.angenommen ?? true } };
      const planung = expectOk(await c.call(endpoints.servicePlanungCreate, { as: as(by), body })).result;
      return { auftrag, planung };
    },

    /** The id of a seeded demo user (admin, buero, techniker). */
    async benutzerId(anmeldename: string) {
      return (await db.selectFrom('benutzer').select('id').where('anmeldename', '=', anmeldename).executeTakeFirstOrThrow()).id;
    },
  };
}

export type Factories = ReturnType<typeof factories>;
