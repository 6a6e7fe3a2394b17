import {
  AUFTRAGSSTATUS_TABELLE,
  type Endpoint,
  endpoints,
  JOURNEY_SCHRITTE,
  SERVICE_SCHRITTARTEN,
  type ServiceAktionArt,
  AUFTRAGSSTATUS as ST,
  statusNach,
  VERWEIGERUNG_STATUS,
  verweigerung,
} from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { tagVon, uhrzeitVon } from '../src/lib/berlin-time';
import { uhrAbBerlinerMittag } from './berlin-clock';
import { api, expectOk } from './client';
import { createTestApp } from './helper';
import { serviceSetup } from './service-helpers';

/**
 * The contract's service status table and journey step table against the API: every task status the server sets is
 * reached through the real steps, then every step of the technician on a task is sent once (each on a fresh task in
 * that status) and answered as the tables say — allowed (2xx, and the status after it as JOURNEY_SCHRITTE names it),
 * or refused with the refusal's status (409 conflict, 422 rule; 404 once the task has left the technician).
 */

const t = await createTestApp();
uhrAbBerlinerMittag();
const c = api(t);
const s = serviceSetup(c);
const vor = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
// biome-ignore lint/suspicious/noExplicitAny: the endpoint is chosen from the step kinds table at run time
const send = (e: Endpoint, opts: any) => c.call(e as typeof endpoints.servicePlanungAnnehmen, opts);

type Step = [ServiceAktionArt, Record<string, unknown>];
const morgen = () => tagVon(new Date(Date.now() + 36 * 3600_000).toISOString());

/** The steps that lead a freshly planned (01) visit to each status; null: the status is the office's (PATCH). */
const WEG: Record<string, Step[]> = {
  [ST.disponiert]: [],
  [ST.angenommen]: [['annehmen', { zeitpunkt: vor(50) }]],
  [ST.reiseGestartet]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['reisebeginn', { zeitpunkt: vor(45) }],
  ],
  [ST.vorOrt]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['reisebeginn', { zeitpunkt: vor(45) }],
    ['ankunft', { zeitpunkt: vor(40), strecke: 7 }],
  ],
  [ST.inArbeit]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['reisebeginn', { zeitpunkt: vor(45) }],
    ['ankunft', { zeitpunkt: vor(40), strecke: 7 }],
    ['zeitStart', { zeitpunkt: vor(35) }],
  ],
  [ST.arbeitUnterbrochen]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['reisebeginn', { zeitpunkt: vor(45) }],
    ['ankunft', { zeitpunkt: vor(40), strecke: 7 }],
    ['zeitStart', { zeitpunkt: vor(35) }],
    ['zeitStopp', { zeitpunkt: vor(30) }],
  ],
  [ST.telefonischErledigt]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['telefonischErledigt', { zeitpunkt: vor(45) }],
  ],
  [ST.dienstende]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['reisebeginn', { zeitpunkt: vor(45) }],
    ['ankunft', { zeitpunkt: vor(40), strecke: 7 }],
    ['dienstende', { zeitpunkt: vor(35) }],
  ],
  [ST.zurueckgegeben]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['zurueckgeben', { zeitpunkt: vor(45), bemerkung: 'Werkzeug fehlt' }],
  ],
  [ST.abgelehnt]: [['ablehnen', { zeitpunkt: vor(45), bemerkung: 'nicht zuständig' }]],
  [ST.abgeschlossen]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['unterschrift', { zeitpunkt: vor(45), name: 'Kundin', daten: '' }],
    ['abschluss', { zeitpunkt: vor(44) }],
  ],
  [ST.zurueckgestellt]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['zurueckstellen', { zeitpunkt: vor(45), datum: morgen(), uhrzeit: '10:00' }],
  ],
  [ST.zurueckgestelltOhneTermin]: [
    ['annehmen', { zeitpunkt: vor(50) }],
    ['zurueckstellen', { zeitpunkt: vor(45) }],
  ],
  [ST.storniert]: [['annehmen', { zeitpunkt: vor(50) }]],
};

/** The technician's steps on a task (subsequent bookings and calendar entries concern no task). */
const SCHRITTE = (Object.keys(SERVICE_SCHRITTARTEN) as ServiceAktionArt[]).filter(
  (a) => !['nachbuchung', 'kalenderNeu', 'kalenderAendern', 'kalenderLoeschen'].includes(a),
);

const arten = expectOk(await c.call(endpoints.serviceMehraufwandsarten, { as: s.office })).result;
const kostenArt = arten.find((a) => a.typ === 2)?.id as number;

/** The data each step is sent with: valid, so only the journey decides. */
function daten(art: ServiceAktionArt): Record<string, unknown> {
  const jetzt = new Date(Date.now() - 60_000).toISOString();
  switch (art) {
    case 'ablehnen':
    case 'zurueckgeben':
      return { bemerkung: 'Test' };
    case 'ankunft':
      return { strecke: 3 };
    case 'ankunftKorrigieren':
      return { tag: tagVon(vor(42)), datum: uhrzeitVon(vor(42)) };
    case 'serviceZeit':
      return { tag: tagVon(vor(12)), von: uhrzeitVon(vor(12)), bis: uhrzeitVon(vor(2)), zeitpunkt: jetzt };
    case 'materialBuchung':
      return { art: 'eingebaut', menge: 1 };
    case 'rueckbuchung':
    case 'materialBestaetigen':
      return { menge: 1 };
    case 'mehraufwandNeu':
      return { mehraufwandArtId: kostenArt, kosten: 12.5 };
    case 'mehraufwandAendern':
      return { mehraufwandArtId: kostenArt, kosten: 12.5, aenderungskommentar: 'Preis korrigiert' };
    case 'unterschrift':
      return { name: 'Kundin', daten: s.sig() };
    default:
      return {};
  }
}

/** Sends one step as the given user, its ids filled from the task's. */
async function schritt(as: string, art: ServiceAktionArt, ids: Record<string, number | undefined>, d: Record<string, unknown>) {
  const kind = SERVICE_SCHRITTARTEN[art];
  const v = kind.ids.map((k) => ids[k]);
  const params = kind.ids.length === 0 ? undefined : kind.ids.length === 1 ? { id: v[0] } : { id: v[0], subId: v[1] };
  const data = art === 'unterschrift' && !d.daten ? { ...d, daten: s.sig() } : d;
  return send(endpoints[kind.endpoint], { as, params, body: kind.body ? { data } : undefined, headers: { 'Idempotency-Key': s.key() } });
}

/** A task of the technician in `status`, with what the step needs (a transferred material line, an additional-work entry). */
async function imStatus(tech: Awaited<ReturnType<typeof s.techniker>>, status: string, art: ServiceAktionArt) {
  const ohnePlanung = status === ST.neu;
  const auftragId = ohnePlanung
    ? expectOk(await c.call(endpoints.serviceAuftragCreate, { as: s.office, body: { data: { bezeichnung: 'Ohne Planung' } } })).result.id
    : (await s.auftrag(tech.technikerId, { angenommen: false })).auftrag.id;
  const planungId = ohnePlanung
    ? undefined
    : expectOk(await c.call(endpoints.servicePlanungList, { as: tech.as, query: { filter: `serviceAuftragId=${auftragId}` } })).result[0]?.id;
  const ids: Record<string, number | undefined> = { auftragId, planungId };
  if (['materialBuchung', 'rueckbuchung', 'materialBestaetigen'].includes(art)) ids.materialId = (await s.material(auftragId, 3, ohnePlanung ? 0 : 3)).m.id;
  if (art === 'mehraufwandAendern' || art === 'mehraufwandLoeschen') {
    const r = await schritt(s.office, 'mehraufwandNeu', ids, daten('mehraufwandNeu'));
    ids.eintragId = expectOk(r).result.id;
  }
  for (const [w, d] of WEG[status] ?? []) expectOk(await schritt(tech.as, w, ids, d));
  if (status === ST.storniert)
    expectOk(await c.call(endpoints.serviceAuftragUpdate, { as: s.office, params: { id: auftragId }, body: { data: { auftragsstatus: ST.storniert } } }));
  const a = expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id: auftragId } })).result;
  expect(a.auftragsstatus, `reached ${status}`).toBe(status);
  return ids;
}

const erreichbar = AUFTRAGSSTATUS_TABELLE.filter((z) => z.phase !== null);

describe('service status table × journey steps through the API', () => {
  it('every status the server sets has a way to it, and every step that sets a status names one of the table', () => {
    expect(erreichbar.map((z) => z.status).sort()).toEqual([ST.neu, ...Object.keys(WEG)].sort());
    for (const art of Object.keys(JOURNEY_SCHRITTE) as ServiceAktionArt[]) {
      for (const d of [{}, { datum: '2030-01-01' }]) {
        const nach = statusNach(art, d);
        if (nach !== null) expect(AUFTRAGSSTATUS_TABELLE.some((z) => z.status === nach && z.phase !== null)).toBe(true);
      }
    }
  });

  for (const zeile of erreichbar) {
    it(`status ${zeile.status} (${zeile.name}, phase ${zeile.phase}): every step answers as the tables say`, async () => {
      for (const art of SCHRITTE) {
        const kind = SERVICE_SCHRITTARTEN[art];
        const aufAuftrag = !(kind.ids as readonly string[]).includes('planungId');
        if (zeile.phase === 'ohnePlanung' && !aufAuftrag) continue;
        // a technician of its own: one running time recording per technician would tie the pairs together
        const tech = await s.techniker();
        const ids = await imStatus(tech, zeile.status, art);
        if (art === 'abschluss' && verweigerung('unterschrift', zeile.phase ?? 'offen') === null && zeile.zugewiesen)
          expectOk(await schritt(tech.as, 'unterschrift', ids, daten('unterschrift')));
        const res = await schritt(tech.as, art, ids, daten(art));
        const grund = verweigerung(art, zeile.phase ?? 'offen');
        const erwartet = aufAuftrag && !zeile.zugewiesen ? 404 : grund === null ? 'ok' : VERWEIGERUNG_STATUS[grund];
        const label = `${zeile.status} × ${art}: ${JSON.stringify(res.body)}`;
        if (erwartet === 'ok') {
          expect(res.status, label).toBeLessThan(300);
          const nach = statusNach(art, daten(art));
          if (nach !== null) {
            const a = expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id: ids.auftragId as number } })).result;
            expect(a.auftragsstatus, label).toBe(nach);
          }
        } else expect(res.status, label).toBe(erwartet);
      }
      // one fresh task per step kind: on a shared, busy machine the walk takes longer than the default 30 s
    }, 90_000);
  }
});
