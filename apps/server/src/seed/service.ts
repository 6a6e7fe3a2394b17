import { AUFTRAGSSTATUS } from '@vario/contract';
import { berlinZuUtc, plusTage, tagVon } from '../lib/berlin-time';
import { NO_LOGIN } from '../modules/auth/passwords';
import { bucheManuell } from '../modules/lager/lager.service';
import * as svc from '../modules/service/service.service';
import { DISPO_RECHT, type Wer } from '../modules/service/service.wer';
import type { SeedContext, Seeder } from './context';
import { ERSATZTEIL_GRUPPEN } from './katalog';
import { png } from './png';

/**
 * Demo data of the field service (issue 12 item 5), made THROUGH the service functions users call (the same rules,
 * stock movements through the journal, journey log): the demo technician `techniker` and three more technicians with
 * their three stores each (good parts, DOA, faulty) and stock in their good-parts stores; per technician a week of
 * planned tasks around today — completed with signature and completion report, phone-completed, suspended, ended for
 * the day, on site with material booked, accepted, open — at customers' assets; material lines in every status
 * (requested, not deliverable, reserved, in transfer, transferred, partly confirmed, confirmed, booked); additional
 * work of every type; calendar entries and subsequent bookings. The status dictionary, additional-work and calendar
 * types are reference data of migration 0010.
 *
 * SVC_DISPO (service planning) is a project right, denied without a row; the technicians' denial is written anyway for
 * clarity, and the office login `buero` has it granted. The size does not depend on the seed scale (about 60 tasks): the bench adds its own bulk tasks.
 */

const TECHNIKER = [
  { name: 'Sven Service', kuerzel: 'SV1', login: 'sven.service' },
  { name: 'Petra Prüfer', kuerzel: 'SV2', login: 'petra.pruefer' },
  { name: 'Kai Kälte', kuerzel: 'SV3', login: 'kai.kaelte' },
];
const TITEL = [
  ['Wartung Gas-Brennwerttherme', 'Jahreswartung laut Vertrag, Abgasmessung'],
  ['Störung Heizungspumpe', 'Pumpe läuft nicht an, Heizkörper bleiben kalt'],
  ['Inspektion Wärmepumpe', 'Kältekreis und Verdampfer prüfen, Filter reinigen'],
  ['Reparatur Regelung', 'Regler zeigt Fehler F.28, Außenfühler prüfen'],
  ['Heizkörper tauschen', 'Heizkörper mit Thermostatventil nach Angebot montieren'],
  ['Notdienst Leckage', 'Wasser tritt am Sicherheitsventil aus, Anlagendruck fällt'],
  ['Wartung Pufferspeicher', 'Ausdehnungsgefäß und Sicherheitsventil prüfen'],
];
const PHONES = ['+49 511 4711', '+49 30 555 12', '+49 341 98 76', '+49 170 123 456', '+49 151 222 333'];
const minus = (iso: string, min: number) => new Date(Date.parse(iso) - min * 60_000).toISOString();
const plus = (iso: string, min: number) => new Date(Date.parse(iso) + min * 60_000).toISOString();

export const serviceSeeder: Seeder = {
  name: 'service',
  table: 'serviceAuftraege',
  demoOnly: true,
  async run(ctx: SeedContext) {
    const { db, faker } = ctx;
    /**
     * A material booking as the technician makes it: an article managed by serial number with one serial number per
     * piece (the first given, the others numbered on from it), one managed by batch number with its batch.
     */
    const materialBuchen = async (
      s: svc.Schritt,
      auftragId: number,
      materialId: number,
      art: svc.Buchungsart,
      d: { menge: number; seriennr?: string; zeitpunkt: string },
    ) => {
      const a = await db
        .selectFrom('serviceMaterial')
        .innerJoin('artikel', 'artikel.id', 'serviceMaterial.artikelId')
        .select(['artikel.istSeriennummernArtikel', 'artikel.istChargenArtikel'])
        .where('serviceMaterial.id', '=', materialId)
        .executeTakeFirstOrThrow();
      const basis = d.seriennr ?? `SN-${auftragId}-${materialId}-${art.toUpperCase()}`;
      const seriennr = a.istSeriennummernArtikel
        ? Array.from({ length: Math.abs(d.menge) }, (_, k) => (k === 0 ? basis : `${basis}-${k + 1}`)).join(', ')
        : (d.seriennr ?? null);
      const chargennr = a.istChargenArtikel ? `CH-${tagVon(d.zeitpunkt).replaceAll('-', '')}-${materialId}` : null;
      return svc.materialBuchen(db, s, auftragId, materialId, art, { ...d, seriennr, chargennr });
    };
    const admin = await db.selectFrom('benutzer').select(['id', 'name']).where('istAdmin', '=', true).orderBy('id').executeTakeFirst();
    const demoTech = await db
      .selectFrom('techniker')
      .innerJoin('benutzer', 'benutzer.id', 'techniker.benutzerId')
      .select([
        'techniker.id',
        'techniker.benutzerId',
        'benutzer.name',
        'techniker.gutteileLagerId',
        'techniker.doateileLagerId',
        'techniker.defektteileLagerId',
      ])
      .where('benutzer.anmeldename', '=', 'techniker')
      .executeTakeFirst();
    if (!admin || !demoTech) return;
    const office: Wer = { id: admin.id, name: admin.name, istAdmin: true, technikerId: null, alle: true };
    const kreis = await db.selectFrom('lagerkreise').select(['id', 'ausgangLagerId']).where('istHauptlagerkreis', '=', true).executeTakeFirstOrThrow();
    const kd = (await db.selectFrom('lagerkreise').select('id').where('name', '=', 'Kundendienst').executeTakeFirst())?.id ?? kreis.id;
    const zentral = kreis.ausgangLagerId as number;

    // technicians: the demo one (stores from the foundation) and three more with their own three stores
    const techs = [
      {
        ...demoTech,
        technikerId: demoTech.id,
        gut: demoTech.gutteileLagerId as number,
        doa: demoTech.doateileLagerId as number,
        def: demoTech.defektteileLagerId as number,
      },
    ];
    for (const t of TECHNIKER) {
      const { id: benutzerId } = await db
        .insertInto('benutzer')
        .values({
          name: t.name,
          kuerzel: t.kuerzel,
          anmeldename: t.login,
          typ: 2,
          istAdmin: false,
          gesperrt: false,
          avatar: null,
          vorgabeLagerId: null,
          email: `${t.login}@example.com`,
          passwortHash: NO_LOGIN,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const lager = await db
        .insertInto('lager')
        .values(
          (['GUT', 'DOA', 'DEF'] as const).map((art) => ({
            kurzbezeichnung: `KD-${t.kuerzel}-${art}`,
            bezeichnung: `${t.name} ${art === 'GUT' ? 'Gutteile' : art === 'DOA' ? 'DOA' : 'Defektteile'}`,
            lagerkreisId: kd,
          })),
        )
        .returning('id')
        .execute();
      const [gut, doa, def] = lager.map((l) => l.id) as [number, number, number];
      const { id } = await db
        .insertInto('techniker')
        .values({ benutzerId, bezeichnung: t.name, gutteileLagerId: gut, doateileLagerId: doa, defektteileLagerId: def })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('benutzer').set({ vorgabeLagerId: gut }).where('id', '=', benutzerId).execute();
      techs.push({ id, benutzerId, name: t.name, technikerId: id, gut, doa, def, gutteileLagerId: gut, doateileLagerId: doa, defektteileLagerId: def });
    }
    // service planning: denied to every technician (the staff's too), granted to the office login
    const alleTechniker = await db.selectFrom('techniker').select('benutzerId').execute();
    await db
      .deleteFrom('rechte')
      .where('recht', '=', DISPO_RECHT)
      .where(
        'benutzerId',
        'in',
        alleTechniker.map((t) => t.benutzerId),
      )
      .execute();
    await db
      .insertInto('rechte')
      .values(alleTechniker.map((t) => ({ benutzerId: t.benutzerId, recht: DISPO_RECHT, genehmigt: false })))
      .execute();
    const buero = await db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'buero').executeTakeFirst();
    if (buero) await db.insertInto('rechte').values({ benutzerId: buero.id, recht: DISPO_RECHT, genehmigt: true }).execute();

    // spare parts: pumps, valves and controls of the article set, stocked centrally and in every good-parts store
    const teile = await db
      .selectFrom('artikel')
      .innerJoin('warengruppen', 'warengruppen.id', 'artikel.warengruppeId')
      .select(['artikel.id', 'artikel.bezeichnung'])
      .where('artikel.artikelart', '=', '1')
      .where('artikel.gesperrt', '=', false)
      .where('warengruppen.bezeichnung', 'in', ERSATZTEIL_GRUPPEN)
      .orderBy('artikel.id')
      .limit(8)
      .execute();
    if (!teile.length) return;
    for (const teil of teile) {
      await bucheManuell(db, admin.id, { art: 'ZUGANG', artikelId: teil.id, lagerId: zentral, menge: 500, text: 'Ersatzteile Kundendienst' });
      for (const t of techs) await bucheManuell(db, admin.id, { art: 'ZUGANG', artikelId: teil.id, lagerId: t.gut, menge: 10, text: 'Kofferraumbestand' });
    }

    // customer sites: assets with an address
    const assets = await db
      .selectFrom('assets')
      .select(['id', 'adresseId'])
      .where('adresseId', 'is not', null)
      .where('istAktiv', '=', true)
      .orderBy('id')
      .limit(80)
      .execute();
    const arten = await db.selectFrom('serviceAuftragsarten').select('id').orderBy('id').execute();
    const abrechnung = await db.selectFrom('serviceAbrechnungsarten').select('id').orderBy('id').execute();
    if (!assets.length) return;

    const jetzt = new Date().toISOString();
    const heute = tagVon(jetzt);
    const sig = png(160, 60, (x, y) => (Math.abs(y - 30 - Math.round(18 * Math.sin(x / 12))) < 2 ? [20, 30, 90] : [255, 255, 255])).toString('base64');
    let n = 0;
    const teilNr = (i: number) => teile[i % teile.length] as { id: number };

    for (const [ti, t] of techs.entries()) {
      const wer: Wer = { id: t.benutzerId, name: t.name, istAdmin: false, technikerId: t.technikerId, alle: false };
      const s: svc.Schritt = { wer, quelle: 'online' };
      for (let d = -3; d <= 3; d++) {
        const tag = plusTage(heute, d);
        for (const [slot, uhr] of (['08:00', '13:00'] as const).entries()) {
          const i = n++;
          const asset = assets[i % assets.length] as { id: number; adresseId: number | null };
          const [bezeichnung, beschreibung] = TITEL[i % TITEL.length] as [string, string];
          const beginn = berlinZuUtc(tag, uhr);
          const auftragId = await svc.auftragAnlegen(db, office, {
            bezeichnung,
            titel: faker.helpers.arrayElement(['Kunde wartet', 'Termin bestätigt', 'Zugang über Hausmeister', 'Anlage außer Betrieb', null]),
            auftragsbeschreibung: beschreibung,
            auftragsartId: arten[i % arten.length]?.id ?? null,
            abrechnungsartId: abrechnung[i % abrechnung.length]?.id ?? null,
            aufwandGeschaetzt: [60, 90, 120, 45][i % 4],
            extReferenz: i % 3 === 0 ? `KD-${2026_000 + i}` : null,
            kundenauftragskennzeichen: i % 4 === 0 ? `PO-${faker.string.numeric(6)}` : null,
            adresseId: asset.adresseId,
            assetId: asset.id,
            stoermelderName: faker.person.fullName(),
            stoermelderTelefon: PHONES[i % PHONES.length],
            standortTelefon1: PHONES[(i + 1) % PHONES.length],
            standortMobil: i % 2 ? PHONES[3] : null,
            telefon1: PHONES[(i + 2) % PHONES.length],
            mobil: PHONES[4],
          });
          // past and today's visits were accepted; tomorrow's too; later ones are still open
          const angenommen = d <= 1;
          const planungId = await svc.planungAnlegen(db, office, {
            serviceAuftragId: auftragId,
            technikerId: t.technikerId,
            beginnDatum: beginn,
            endeDatum: plus(beginn, 120),
          });
          // material: transferred, partly transferred, reserved, requested, not deliverable — by position in the week
          const matIds: number[] = [];
          const art = (i + ti) % 6;
          const m1 = await svc.materialAnlegen(db, office, auftragId, {
            artikelId: teilNr(i).id,
            menge: 2,
            quelleLagerId: art === 4 ? null : zentral,
            umlagerungTyp: [2, 1, 3, 6, 7, 2][art] as number,
            sctyp: 'E',
            mengeNichtGeliefert: art === 5 && d > 0 ? 2 : undefined,
          });
          matIds.push(m1);
          const umgelagert = art !== 4 && (art <= 2 || d <= 0);
          if (umgelagert) await svc.materialUmlagern(db, office, m1, art === 1 && d > 0 ? 1 : 2);
          if (i % 3 === 0) {
            const m2 = await svc.materialAnlegen(db, office, auftragId, {
              artikelId: teilNr(i + 3).id,
              menge: 1,
              quelleLagerId: zentral,
              umlagerungTyp: 8,
              sctyp: 'A',
            });
            await svc.materialUmlagern(db, office, m2, 1);
            matIds.push(m2);
          }
          if (!angenommen) continue;
          const zeit = (iso: string) => (iso < minus(jetzt, 5) ? iso : minus(jetzt, 5));
          await svc.annehmen(db, s, planungId, { zeitpunkt: zeit(minus(beginn, 60 * 14)) });
          if (d > 0) {
            // confirmed material for tomorrow's visit
            if (art === 0) await svc.materialBestaetigen(db, s, m1, { menge: 2 });
            if (art === 2) await svc.materialBestaetigen(db, s, m1, { menge: 1 });
            continue;
          }
          if (d === 0 && (slot === 1 || Date.parse(beginn) > Date.now())) continue; // today's later visit: accepted only
          const reise = zeit(minus(beginn, 25));
          const vorOrt = zeit(beginn);
          if (d < 0 && slot === 1 && d === -3) {
            await svc.telefonischErledigt(db, s, planungId, { zeitpunkt: reise, bemerkung: 'Kunde telefonisch angeleitet' });
            continue;
          }
          await svc.reisebeginn(db, s, planungId, { zeitpunkt: reise });
          if (d === 0 && ti === 1) continue; // on the way
          await svc.ankunft(db, s, planungId, { zeitpunkt: vorOrt, strecke: 5 + ((i * 7) % 40) });
          if (d === 0 && ti === 2) continue; // just arrived
          // requested without a transfer: booked from the good-parts stock (with the warning)
          if (umgelagert) await svc.materialBestaetigen(db, s, m1, { menge: 2 });
          if (d === 0) {
            // today: on site, part installed, time running (the demo technician's current job)
            await materialBuchen(s, auftragId, m1, 'eingebaut', {
              menge: 1,
              seriennr: `SN-${faker.string.alphanumeric(8).toUpperCase()}`,
              zeitpunkt: zeit(plus(vorOrt, 10)),
            });
            await svc.zeitStart(db, s, planungId, { zeitpunkt: zeit(plus(vorOrt, 2)) });
            continue;
          }
          await svc.zeitStart(db, s, planungId, { zeitpunkt: plus(vorOrt, 2) });
          await materialBuchen(s, auftragId, m1, 'eingebaut', {
            menge: 2,
            seriennr: `SN-${faker.string.alphanumeric(8).toUpperCase()}`,
            zeitpunkt: plus(vorOrt, 20),
          });
          await materialBuchen(s, auftragId, m1, i % 2 ? 'defektEingelagert' : 'defektVerkauft', { menge: 1, zeitpunkt: plus(vorOrt, 25) });
          if (matIds[1]) await materialBuchen(s, auftragId, matIds[1], i % 4 === 0 ? 'doa' : 'gutteilretoure', { menge: 1, zeitpunkt: plus(vorOrt, 30) });
          const typ = i % 3;
          await svc.mehraufwandSpeichern(
            db,
            s,
            auftragId,
            typ === 0
              ? { mehraufwandArtId: 1, vonZeitpunkt: minus(vorOrt, 0), bisZeitpunkt: plus(vorOrt, 15), bemerkung: 'Warten auf Hausmeister' }
              : typ === 1
                ? { mehraufwandArtId: 3, kosten: 4.5, bemerkung: 'Parkhaus' }
                : { mehraufwandArtId: 5, strecke: 12, bemerkung: 'Ersatzteil beim Großhändler geholt' },
          );
          if (slot === 1) {
            // the afternoon visit of a past day: stopped at the end of the day or suspended
            await svc.zeitStopp(db, s, planungId, { zeitpunkt: plus(vorOrt, 75) });
            if (d === -1) await svc.dienstende(db, s, planungId, { zeitpunkt: plus(vorOrt, 80) });
            else await svc.zurueckstellen(db, s, planungId, { zeitpunkt: plus(vorOrt, 80), bemerkung: 'Ersatzteil fehlt' });
            continue;
          }
          await svc.zeitStopp(db, s, planungId, { zeitpunkt: plus(vorOrt, 60 + (i % 3) * 30) });
          await svc.unterschrift(db, s, auftragId, { daten: sig, name: faker.person.fullName(), zeitpunkt: plus(vorOrt, 100) });
          await svc.abschliessen(db, s, auftragId, { zeitpunkt: plus(vorOrt, 101) });
        }
      }
      // calendar entries and a subsequent booking
      await svc.kalenderNeu(db, s, { KAL_TYP_ID: 1, StartDatum: plusTage(heute, 7 + ti), EndeDatum: plusTage(heute, 9 + ti), Kommentar: 'Urlaub' });
      await svc.kalenderNeu(db, s, { KAL_TYP_ID: 3, StartDatum: plusTage(heute, 2), Vormittags: true, Nachmittags: false, Kommentar: 'Schulung Wärmepumpen' });
      await svc.nachbuchung(db, s, { istAnmeldung: true, nachbuchungTimeStamp: berlinZuUtc(plusTage(heute, -1), '07:30'), kommentar: 'Anmeldung vergessen' });
    }
    // a task still to be planned (status 00) and a cancelled one
    await svc.auftragAnlegen(db, office, {
      bezeichnung: 'Neue Störmeldung',
      auftragsbeschreibung: 'Noch nicht disponiert',
      adresseId: assets[0]?.adresseId,
      assetId: assets[0]?.id,
    });
    const storno = await svc.auftragAnlegen(db, office, {
      bezeichnung: 'Doppelte Meldung',
      adresseId: assets[1]?.adresseId ?? null,
      assetId: assets[1]?.id ?? null,
    });
    await svc.auftragAendern(db, office, storno, { auftragsstatus: AUFTRAGSSTATUS.storniert });
  },
};
