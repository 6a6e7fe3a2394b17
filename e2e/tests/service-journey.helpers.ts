import { type APIRequestContext, expect } from '@playwright/test';
import { apiLogin, bearer } from './helpers';

/** Field-service test data made through the office calls (as admin), shared by the journey and the a11y specs. */
const uuid = () => crypto.randomUUID();
export const hhmm = (d: Date) => d.toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin', hour12: false });
export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** The Berlin calendar day (YYYY-MM-DD) of an instant. */
const berlinDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });

/**
 * The instant the journey's browser clock starts at: the latest 12:00 in Berlin that is not in the future (today's from
 * noon on, else yesterday's). The technician's times are HH:mm on the day of the step's real time, and the server
 * refuses a step time more than two minutes (ZUKUNFT_TOLERANZ_MS) ahead; from a fixed noon in the past, every time of the
 * journey (hours back, an hour ahead) lies on the same day whenever the test runs.
 */
export function lastBerlinNoon(now = new Date()): Date {
  for (let back = 0; back < 3; back++) {
    const [y, m, d] = berlinDay(new Date(now.getTime() - back * 86_400_000))
      .split('-')
      .map(Number) as [number, number, number];
    // Berlin is UTC+1 or UTC+2: one of the two is 12:00 there
    const noon = [11, 10].map((h) => new Date(Date.UTC(y, m - 1, d, h))).find((t) => hhmm(t) === '12:00');
    if (noon && noon.getTime() <= now.getTime()) return noon;
  }
  throw new Error('no Berlin noon in the last three days');
}

async function post(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/vario-api${path}`, { headers: { ...bearer(token), 'Idempotency-Key': uuid() }, data: { data } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()).result as { id: number; auftragsnummer?: string; artikelnummer?: string };
}

/** A warehouse without storage places that holds stock (the new article is booked into it, transferred from it). */
async function stockSource(request: APIRequestContext, token: string) {
  for (const lagerId of [2, 3, 1]) {
    const res = await request.get(`/vario-api/stammdaten/lager/${lagerId}/bestaende?limit=1&filter=bestand>=10`, { headers: bearer(token) });
    if (!res.ok()) continue;
    const row = (await res.json()).result[0] as { artikelId: number; hatLagerplaetze: boolean } | undefined;
    if (row && !row.hatLagerplaetze) return { lagerId, artikelId: row.artikelId };
  }
  throw new Error('no stock to transfer from');
}

/**
 * Plans a task for the demo technician (starting five minutes before `at`, default now), with one transferred material
 * line (2 pieces) of an article of its own: managed by serial or batch number only where `artikel` says so.
 */
export async function planTask(
  request: APIRequestContext,
  titel: string,
  at = new Date(),
  artikel: { istSeriennummernArtikel?: boolean; istChargenArtikel?: boolean } = {},
) {
  const admin = await apiLogin(request, 'admin');
  const tech = await apiLogin(request, 'techniker');
  const me = await (await request.get('/vario-api/webapp/me', { headers: bearer(tech) })).json();
  const technikerId = me.result.techniker.id as number;
  const auftrag = await post(request, admin, '/service/auftraege', {
    bezeichnung: titel,
    titel,
    auftragsbeschreibung: 'Heizung zeigt Störung F28, Kunde vor Ort ab 8 Uhr.',
    aufwandGeschaetzt: 20,
    adresseId: 1,
    standortTelefon1: '+49 341 1234567',
    mobil: '0171 2345678',
  });
  const begin = new Date(at.getTime() - 5 * 60_000);
  const planung = await post(request, admin, '/service/planung', {
    serviceAuftragId: auftrag.id,
    technikerId,
    beginnDatum: begin.toISOString(),
    endeDatum: new Date(begin.getTime() + 2 * 3600_000).toISOString(),
  });
  const src = await stockSource(request, admin);
  const art = await post(request, admin, '/stammdaten/artikel', {
    artikelnummer: `E2E-${uuid().slice(0, 8)}`,
    artikelart: '1',
    bezeichnung: 'Umwälzpumpe E2E',
    vknetto: 100,
    istSeriennummernArtikel: !!artikel.istSeriennummernArtikel,
    istChargenArtikel: !!artikel.istChargenArtikel,
  });
  await post(request, admin, '/lager/buchungen', { art: 'ZUGANG', artikelId: art.id, lagerId: src.lagerId, menge: 2 });
  const line = await post(request, admin, `/service/auftraege/${auftrag.id}/material`, {
    artikelId: art.id,
    menge: 2,
    quelleLagerId: src.lagerId,
    umlagerungTyp: 2,
  });
  const moved = await request.post(`/vario-api/service/material/${line.id}/umlagern`, { headers: bearer(admin), data: { data: { menge: 2 } } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  return {
    auftragId: auftrag.id,
    nr: auftrag.auftragsnummer as string,
    planungId: planung.id,
    materialId: line.id,
    artikelnummer: art.artikelnummer as string,
  };
}
