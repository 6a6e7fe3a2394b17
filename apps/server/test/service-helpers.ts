import { randomUUID } from 'node:crypto';
import { endpoints } from '@vario/contract';
import { png } from '../src/seed/png';
import { type api, expectOk } from './client';
import { factories, unique } from './factories';

/**
 * Field-service test setup through the API: a technician (a user with a technician id and three stores, SVC_DISPO
 * denied like the demo technicians), an office user, a task planned for the technician, material lines transferred
 * into the technician's good-parts store. Users and technicians have no API (like `factories.benutzer`).
 */
export function serviceSetup(c: ReturnType<typeof api>) {
  const f = factories(c);
  const db = c.t.handle.db;
  const office = 'admin';

  async function lager(name: string) {
    const kreis = await db.selectFrom('lagerkreise').select('id').orderBy('id').executeTakeFirstOrThrow();
    return (
      await db
        .insertInto('lager')
        .values({ kurzbezeichnung: unique(name).slice(0, 20), bezeichnung: `${name} ${unique()}`, lagerkreisId: kreis.id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  return {
    f,
    office,
    key: () => randomUUID(),
    sig: () => png(40, 20, (x, y) => [x * 6, y * 12, 128]).toString('base64'),
    lager,
    /** A technician login with good-parts, DOA and faulty stores. */
    async techniker() {
      const u = await f.benutzer({ rechte: { SVC_DISPO: false } });
      const gut = await lager('GUT');
      const doa = await lager('DOA');
      const def = await lager('DEF');
      const t = await db
        .insertInto('techniker')
        .values({ benutzerId: u.id, bezeichnung: u.name, gutteileLagerId: gut, doateileLagerId: doa, defektteileLagerId: def })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...u, as: u.anmeldename, technikerId: t.id, gut, doa, def };
    },
    /** A task with asset and address, planned for the technician from now for two hours (accepted unless said otherwise). */
    async auftrag(technikerId: number, opts: { angenommen?: boolean; aufwandGeschaetzt?: number } = {}) {
      const adresse = await f.adresse({ name1: `Kunde ${unique()}`, ort: 'Hannover', plz: '30159', strasse: 'Hauptstraße 1' });
      const asset = await f.asset({
        adresseId: adresse.id,
        abweichenderStandort: true,
        standortOrt: 'Laatzen',
        standortPlz: '30880',
        standortStrasse: 'Werkstraße 5',
      });
      const a = expectOk(
        await c.call(endpoints.serviceAuftragCreate, {
          as: office,
          body: {
            data: {
              bezeichnung: 'Wartung Kältemaschine',
              titel: 'Störung',
              adresseId: adresse.id,
              assetId: asset.id,
              aufwandGeschaetzt: opts.aufwandGeschaetzt ?? 90,
              stoermelderTelefon: '+49 511 123',
            },
          },
        }),
      ).result;
      const beginn = new Date(Date.now() - 2 * 3600_000).toISOString();
      const ende = new Date(Date.now() + 2 * 3600_000).toISOString();
      const p = expectOk(
        await c.call(endpoints.servicePlanungCreate, {
          as: office,
          body: { data: { serviceAuftragId: a.id, technikerId, beginnDatum: beginn, endeDatum: ende, angenommen: opts.angenommen ?? true } },
        }),
      ).result;
      return { auftrag: a, planung: p, adresse, asset };
    },
    /** A material line of a new stocked article (menge), its stock in a central store, transferred `umgelagert` into the technician's good-parts store. */
    async material(auftragId: number, menge: number, umgelagert = menge, extraGut = 0, gutLager?: number) {
      const artikel = await f.artikel();
      const zentral = await lager('ZEN');
      await f.buchung({ artikelId: artikel.id, lagerId: zentral, menge: menge + 5 });
      if (extraGut && gutLager) await f.buchung({ artikelId: artikel.id, lagerId: gutLager, menge: extraGut });
      let m = expectOk(
        await c.call(endpoints.serviceMaterialCreate, {
          as: office,
          params: { id: auftragId },
          body: { data: { artikelId: artikel.id, menge, quelleLagerId: zentral, umlagerungTyp: 2 } },
        }),
      ).result;
      if (umgelagert > 0)
        m = expectOk(await c.call(endpoints.serviceMaterialUmlagern, { as: office, params: { id: m.id }, body: { data: { menge: umgelagert } } })).result;
      return { m, artikel, zentral };
    },
    /** Stock of an article in a store (pieces). */
    async bestand(artikelId: number, lagerId: number) {
      const r = await db.selectFrom('bestaende').select('bestand').where('artikelId', '=', artikelId).where('lagerId', '=', lagerId).executeTakeFirst();
      return Number(r?.bestand ?? 0) / 1000;
    },
    /** Travel start and arrival `minutenHer` minutes ago (default 60). */
    async vorOrt(as: string, planungId: number, minutenHer = 60) {
      const t0 = new Date(Date.now() - (minutenHer + 10) * 60_000).toISOString();
      const t1 = new Date(Date.now() - minutenHer * 60_000).toISOString();
      expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params: { id: planungId }, body: { data: { zeitpunkt: t0 } } }));
      return expectOk(await c.call(endpoints.servicePlanungAnkunft, { as, params: { id: planungId }, body: { data: { zeitpunkt: t1, strecke: 12 } } })).result;
    },
  };
}
