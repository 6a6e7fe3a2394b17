// Races on sales documents (issue 11, BEL-T): N parallel creates draw unique document numbers; N parallel bookings of
// one document → exactly one 200, the rest 409, one history row, one set of effects; parallel bookings of delivery
// notes that together want more than the stock → stock never below zero and stock = sum of movements.
import { BELEGARTEN } from '@vario/contract';
import { sql } from 'kysely';
import type { InProc } from './lib/inproc';
import { countAnswer, violation } from './lib/stats';
import type { Size } from './size';

const dupes = (xs: unknown[]) => xs.filter((x, i) => x !== null && x !== undefined && xs.indexOf(x) !== i);

export async function runBelegRaces(s: InProc, size: Size) {
  const label = `beleg-races/${s.kind}`;
  const N = size.parallel;
  const admin = await s.user({}, true);
  const db = s.handle.db;
  const adresseId = (
    await db.selectFrom('adressen').select('id').where('istKunde', '=', true).where('gesperrt', '=', false).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  const create = (belegart: string) => s.call('POST', '/verkauf/belege', { token: admin.token, body: { data: { belegart, adresseId } } });
  const position = (id: number, artikelId: number, menge: number) =>
    s.call('POST', `/verkauf/belege/${id}/positionen`, { token: admin.token, body: { data: { artikelId, menge } } });

  // 1. Numbers: N creates of each of two types at once → all 201, no number twice.
  const creates = await Promise.all(Array.from({ length: 2 * N }, (_, i) => create(i % 2 ? BELEGARTEN.rechnung.belegart : BELEGARTEN.lieferschein.belegart)));
  for (const a of creates) countAnswer(label, 'parallel document create', a.status, a.body);
  const ok = creates.filter((a) => a.status === 201).map((a) => a.json().result);
  const refused = creates.filter((a) => a.status !== 201).map((a) => a.status);
  if (refused.length)
    violation(label, `${refused.length} of ${2 * N} parallel document creates refused (${[...new Set(refused)].join(', ')}) [issue 11 item 2]`);
  const d = dupes(ok.map((r) => `${r.belegart}:${r.belegnummer}`));
  if (d.length) violation(label, `duplicate document numbers after parallel creates: ${d.join(', ')} [issue 11 item 2]`);

  // A stock article with a known stock in a warehouse without places.
  const art = await s.call('POST', '/stammdaten/artikel', {
    token: admin.token,
    body: {
      data: { artikelnummer: `BWETT-${Date.now().toString(36)}`, artikelart: '1', bezeichnung: 'Belegwettlauf', vknetto: 10 },
      ProtokollBemerkung: 'Wettlauf',
    },
  });
  countAnswer(label, 'article create', art.status, art.body);
  if (art.status !== 201) return violation(label, `article create answered ${art.status}: ${art.body.slice(0, 200)}`);
  const artikelId = art.json().result.id as number;
  const kreis = await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirst();
  const lagerId =
    kreis?.ausgangLagerId ?? (await db.selectFrom('lager').select('id').where('hatLagerplaetze', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
  const zugang = await s.call('POST', '/lager/buchungen', {
    token: admin.token,
    body: { data: { art: 'ZUGANG', artikelId, lagerId, menge: N }, ProtokollBemerkung: 'Wettlauf' },
  });
  countAnswer(label, 'arrival', zugang.status, zugang.body);
  const stock = async () => {
    const b = await db.selectFrom('bestaende').select('bestand').where('artikelId', '=', artikelId).where('lagerId', '=', lagerId).executeTakeFirst();
    const a = await db.selectFrom('artikel').select('bestand').where('id', '=', artikelId).executeTakeFirst();
    const m = await sql<{
      s: string | number | null;
    }>`select sum(menge) as s from lagerbewegungen where "artikelId" = ${artikelId} and feld = 'bestand'`.execute(db);
    return { bestand: Number(b?.bestand ?? 0), artikel: Number(a?.bestand ?? 0), movements: Number(m.rows[0]?.s ?? 0) };
  };

  // 2. One delivery note of 1 piece, booked N times at once → one 200, N-1 × 409, one movement, one history row 'B'.
  const ls = ok.find((r) => r.belegart === BELEGARTEN.lieferschein.belegart);
  if (!ls) return violation(label, 'no delivery note to book');
  const pos = await position(ls.id, artikelId, 1);
  countAnswer(label, 'position create', pos.status, pos.body);
  if (pos.status >= 300) return violation(label, `position create answered ${pos.status}: ${pos.body.slice(0, 200)}`);
  const books = await Promise.all(Array.from({ length: N }, () => s.call('POST', `/verkauf/belege/${ls.id}/buchen`, { token: admin.token, body: {} })));
  for (const a of books) countAnswer(label, 'parallel booking of one document', a.status, a.body);
  const won = books.filter((a) => a.status === 200).length;
  const others = books.filter((a) => a.status !== 200).map((a) => a.status);
  if (won !== 1) violation(label, `${won} of ${N} parallel bookings of one document answered 200 (exactly one expected) [issue 11 item 8]`);
  if (others.some((st) => st !== 409)) violation(label, `losing bookings answered ${[...new Set(others)].join(', ')}, not 409 [issue 11 item 8]`);
  const hist = await db.selectFrom('belegStatushistorie').select('id').where('belegId', '=', ls.id).where('art', '=', 'B').execute();
  if (hist.length !== 1) violation(label, `${hist.length} booking history rows after ${N} parallel bookings (one expected)`);
  const moves = await db.selectFrom('lagerbewegungen').select('menge').where('belegId', '=', ls.id).execute();
  if (moves.length !== 1) violation(label, `${moves.length} stock movements after ${N} parallel bookings of one delivery note (one expected)`);

  // 3. N delivery notes of 2 pieces each on N-1 pieces left, booked at once: at most floor((N-1)/2) win, the rest 422;
  //    stock never below zero, and stock = sum of movements (warehouse and article).
  const notes = [];
  for (let i = 0; i < N; i++) {
    const c = await create(BELEGARTEN.lieferschein.belegart);
    if (c.status !== 201) return violation(label, `delivery note create answered ${c.status}`);
    const id = c.json().result.id as number;
    const p = await position(id, artikelId, 2);
    if (p.status >= 300) return violation(label, `position create answered ${p.status}: ${p.body.slice(0, 200)}`);
    notes.push(id);
  }
  const before = await stock();
  const answers = await Promise.all(notes.map((id) => s.call('POST', `/verkauf/belege/${id}/buchen`, { token: admin.token, body: {} })));
  for (const a of answers) countAnswer(label, 'parallel delivery-note booking on short stock', a.status, a.body);
  const booked = answers.filter((a) => a.status === 200).length;
  const bad = answers.filter((a) => a.status !== 200 && a.status !== 422).map((a) => a.status);
  if (bad.length) violation(label, `delivery-note bookings on short stock answered ${[...new Set(bad)].join(', ')} (200 or 422 expected)`);
  const after = await stock();
  const unit = 1000;
  if (booked !== Math.floor(before.bestand / (2 * unit)))
    violation(
      label,
      `${booked} delivery notes booked on ${before.bestand / unit} pieces, ${Math.floor(before.bestand / (2 * unit))} expected [issue 11 item 8]`,
    );
  if (after.bestand < 0) violation(label, `stock below zero after parallel delivery notes: ${after.bestand / unit}`);
  if (after.bestand !== after.movements || after.artikel !== after.movements)
    violation(label, `stock ${after.bestand} (article ${after.artikel}) != sum of movements ${after.movements} after parallel delivery notes`);
  const refusedNotes = notes.filter((_, i) => answers[i]?.status === 422);
  if (refusedNotes.length) {
    const left = await db.selectFrom('belege').select(['id', 'belegstatus', 'gebuchtAm']).where('id', 'in', refusedNotes).execute();
    if (left.some((b) => b.belegstatus !== 1 || b.gebuchtAm !== null)) violation(label, 'a refused delivery-note booking changed its document');
    const stray = await db.selectFrom('lagerbewegungen').select('id').where('belegId', 'in', refusedNotes).execute();
    if (stray.length) violation(label, `${stray.length} stock movements of refused delivery-note bookings`);
  }

  // 4. Cancelling the booked ones at once brings the stock back: stock = sum of movements = what it was before.
  const bookedIds = notes.filter((_, i) => answers[i]?.status === 200);
  const cancels = await Promise.all(bookedIds.map((id) => s.call('POST', `/verkauf/belege/${id}/stornieren`, { token: admin.token, body: {} })));
  for (const a of cancels) countAnswer(label, 'parallel cancel', a.status, a.body);
  if (cancels.some((a) => a.status !== 200)) violation(label, `parallel cancels answered ${[...new Set(cancels.map((a) => a.status))].join(', ')}`);
  const end = await stock();
  if (end.bestand !== before.bestand || end.movements !== end.bestand)
    violation(label, `after cancelling, stock ${end.bestand} / movements ${end.movements}, expected ${before.bestand} [issue 11 item 8]`);
  console.log(
    `  ${label}: ${2 * N} parallel creates, ${N} bookings of one document, ${N} delivery notes on short stock (${booked} booked), ${bookedIds.length} cancels`,
  );
}
