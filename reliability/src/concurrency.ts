// Races: N parallel requests on every write that draws a number, takes a lock or changes stock; the invariants are
// checked afterwards (unique numbers, one lock holder, stock = sum of movements, no spurious refusals).
import { sql } from 'kysely';
import type { InProc } from './lib/inproc';
import { countAnswer, violation } from './lib/stats';
import type { Size } from './size';

const dupes = (xs: unknown[]) => xs.filter((x, i) => x !== null && x !== undefined && xs.indexOf(x) !== i);

export async function runRaces(s: InProc, size: Size) {
  const label = `races/${s.kind}`;
  const N = size.parallel;
  const admin = await s.user({}, true);
  const db = s.handle.db;

  // 1. Numbers: N address creates at once (customers and suppliers) all succeed with unique numbers.
  const creates = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      s.call('POST', '/stammdaten/adressen', {
        token: admin.token,
        body: { data: { name1: `Wettlauf ${i}`, istKunde: true, istLieferant: i % 2 === 0 }, ProtokollBemerkung: 'Wettlauf' },
      }),
    ),
  );
  for (const a of creates) countAnswer(label, 'parallel address create', a.status, a.body);
  const ok = creates.filter((a) => a.status === 201).map((a) => a.json().result);
  const refused = creates.filter((a) => a.status !== 201).map((a) => a.status);
  if (refused.length) violation(label, `${refused.length} of ${N} parallel address creates refused (${[...new Set(refused)].join(', ')}) [issue 10 item 1]`);
  for (const f of ['adressnummer', 'kundennummer', 'lieferantennummer']) {
    const d = dupes(ok.map((r) => r[f]));
    if (d.length) violation(label, `duplicate ${f} after parallel creates: ${d.join(', ')}`);
  }

  // 2. Locks: N users lock one record at once: one 201, the rest 423 naming the holder; one lock row.
  const users = await Promise.all(Array.from({ length: Math.min(N, 10) }, () => s.user()));
  const target = ok[0]?.id ?? 1;
  const locks = await Promise.all(
    users.map((u) => s.call('POST', '/system/sperren', { token: u.token, body: { data: { tabelle: 'ADR', datensatzId: target } } })),
  );
  for (const a of locks) countAnswer(label, 'parallel lock', a.status, a.body);
  const won = locks.filter((a) => a.status === 201);
  const others = locks.filter((a) => a.status !== 201).map((a) => a.status);
  if (won.length !== 1) violation(label, `${won.length} of ${users.length} parallel lock requests got 201 (one expected) [issue 10 item 2]`);
  if (others.some((st) => st !== 423)) violation(label, `parallel lock losers answered ${[...new Set(others)].join(', ')}, not 423 [issue 10 item 2]`);
  const rows = await db.selectFrom('sperren').select(['benutzerId']).where('tabelle', '=', 'ADR').where('datensatzId', '=', target).execute();
  if (rows.length !== 1) violation(label, `${rows.length} lock rows for one record after the race`);
  if (won.length === 1 && rows.length === 1) {
    const holder = users[locks.indexOf(won[0] as (typeof locks)[number])];
    if (rows[0]?.benutzerId !== holder?.id) violation(label, 'the lock row belongs to another user than the one answered 201 [issue 10 item 2]');
  }

  // 3. Stock: N arrivals of 1, then N counts of 10, on one fresh article and warehouse; stock = sum of movements.
  const art = await s.call('POST', '/stammdaten/artikel', {
    token: admin.token,
    body: { data: { artikelnummer: `WETT-${Date.now().toString(36)}`, artikelart: '1', bezeichnung: 'Wettlauf' }, ProtokollBemerkung: 'Wettlauf' },
  });
  countAnswer(label, 'article create', art.status, art.body);
  if (art.status !== 201) return violation(label, `article create answered ${art.status}`);
  const artikelId = art.json().result.id as number;
  // A warehouse without storage places (a booking there needs no place).
  const lagerId = (
    await db.selectFrom('lager').select('id').where('id', 'not in', db.selectFrom('lagerplaetze').select('lagerId')).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  const book = (art: string, menge: number) =>
    s.call('POST', '/lager/buchungen', { token: admin.token, body: { data: { art, artikelId, lagerId, menge }, ProtokollBemerkung: 'Wettlauf' } });
  const stock = async () => {
    const b = await db.selectFrom('bestaende').select('bestand').where('artikelId', '=', artikelId).where('lagerId', '=', lagerId).executeTakeFirst();
    const m = await sql<{
      s: string | number | null;
    }>`select sum(menge) as s from lagerbewegungen where "artikelId" = ${artikelId} and "lagerId" = ${lagerId} and feld = 'bestand'`.execute(db);
    return { bestand: Number(b?.bestand ?? 0), movements: Number(m.rows[0]?.s ?? 0) };
  };
  const first = await book('ZUGANG', 1);
  countAnswer(label, 'arrival', first.status, first.body);
  const unit = (await stock()).bestand;
  if (!unit) return violation(label, `a single arrival did not change the stock (${first.status}: ${first.body.slice(0, 160)})`);
  const phases: [string, number, number][] = [
    ['ZUGANG', 1, (N + 1) * unit],
    ['INVENTUR', 10, 10 * unit],
  ];
  for (const [art, menge, expected] of phases) {
    const answers = await Promise.all(Array.from({ length: N }, () => book(art, menge)));
    for (const a of answers) countAnswer(label, `parallel ${art}`, a.status, a.body);
    const bad = answers.filter((a) => a.status !== 201).map((a) => a.status);
    if (bad.length)
      violation(
        label,
        `${bad.length} of ${N} parallel ${art} bookings refused (${[...new Set(bad)].join(', ')}: ${answers.find((a) => a.status !== 201)?.body.slice(0, 200)}) [issue 10 item 3]`,
      );
    const st = await stock();
    if (st.bestand !== expected)
      violation(label, `stock after ${N} parallel ${art} ${menge}: ${st.bestand / unit}, expected ${expected / unit} [issue 10 item 3]`);
    if (st.bestand !== st.movements) violation(label, `stock ${st.bestand} != sum of movements ${st.movements} after parallel ${art}`);
  }
  console.log(`  ${label}: ${N} parallel address creates, ${users.length} lock takers, ${2 * N} stock bookings`);
}
