import { heute, plusTage } from '../lib/berlin-time';
import type { Actor } from '../lib/locks';
import { percentOfCents, subtractCents } from '../lib/money';
import type { Ctx } from '../lib/resource';
import { updateRecord } from '../lib/resource';
import { offenePostenResource } from '../modules/offeneposten/offeneposten.resource';
import { recordPayment, runDunning } from '../modules/offeneposten/offeneposten.service';
import type { SeedContext, Seeder } from './context';

/**
 * Demo payments and dunning levels of the open items that the document seeder's booked invoices and credit notes made
 * (seed/belege.ts books them through the document service, which creates each open item). Everything goes through
 * the services users call: the flag change (`updateRecord` of the resource, as PATCH does), `recordPayment` and
 * `runDunning`:
 *
 * 1. most older invoices are paid in full some days after their date, fewer of the recent ones; credit notes are paid out;
 * 2. a few open items are marked disputed, blocked or unadmonished;
 * 3. dunning runs on past days, 14 days apart (57, 43, 29 and 15 days ago; the oldest debts reach level 4), raise the overdue items step by step —
 *    today's run is left to the user (and to the end-to-end test);
 * 4. some of the still open items get a partial payment in the last days.
 *
 * Deterministic (a hash of the item's position), and tolerant: without open items (no document seeder, DEMO=0) it does nothing.
 */
const rnd = (i: number, n: number, salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) % n;
const METHODS = ['Überweisung', 'Überweisung', 'Überweisung', 'Lastschrift', 'Bar', 'Scheck'] as const;
const DUNNING_DAYS = [57, 43, 29, 15];

const tageSeit = (datum: string, bis: string) => Math.round((Date.parse(`${bis}T00:00:00Z`) - Date.parse(`${datum}T00:00:00Z`)) / 86_400_000);

export const offenePostenSeeder: Seeder = {
  name: 'offeneposten',
  // its dunning runs mark it done: payment rows alone do not, since the document seeder's cancellations settle open
  // items by payment rows ('Verrechnung') before this seeder runs
  table: 'mahnlaeufe',
  demoOnly: true,
  async run(ctx: SeedContext) {
    const { db } = ctx;
    const users = await db.selectFrom('benutzer').select(['id', 'name', 'istAdmin', 'anmeldename']).orderBy('id').execute();
    const admin = users.find((u) => u.istAdmin) ?? users[0];
    if (!admin) return;
    const buero = users.find((u) => u.anmeldename === 'buero') ?? admin;
    const actor = (u: typeof admin): Actor => ({ id: u.id, name: u.name, istAdmin: u.istAdmin });
    const office = actor(buero);
    const items = await db
      .selectFrom('offenePosten')
      .select(['id', 'opvArt', 'offenerBetrag', 'rechnungsdatum'])
      .where('abgeschlossen', '=', false)
      .orderBy('id')
      .execute();
    if (!items.length) return;
    const today = heute();
    const gestern = plusTage(today, -1);
    const zahlDatum = (rechnungsdatum: string, i: number) => {
      const d = plusTage(rechnungsdatum, 3 + rnd(i, 25, 3));
      return d > gestern ? gestern : d < rechnungsdatum ? rechnungsdatum : d;
    };
    const resourceCtx: Ctx = { db, dialect: ctx.dialect, parameter: async () => null };
    const pay = (id: number, betrag: number, datum: string, i: number, bemerkung: string | null) =>
      recordPayment(db, office, id, {
        betrag,
        zahlungsDatum: datum,
        zahlungPer: METHODS[rnd(i, METHODS.length, 5)] as string,
        auszug: `KA ${datum.slice(2, 4)}/${String(1 + rnd(i, 240, 7)).padStart(3, '0')}`,
        bemerkung,
      });

    // 1. payments in full: the older the invoice, the likelier
    const offen: typeof items = [];
    let done = 0;
    for (const [i, item] of items.entries()) {
      const alter = tageSeit(item.rechnungsdatum, today);
      const betrag = Math.abs(Number(item.offenerBetrag));
      const quote = item.opvArt === 'GU' ? 90 : alter > 90 ? 85 : alter > 30 ? 55 : alter > 7 ? 20 : 0;
      if (betrag > 0 && rnd(i, 100, 11) < quote && item.rechnungsdatum <= gestern) {
        await pay(item.id, betrag, zahlDatum(item.rechnungsdatum, i), i, item.opvArt === 'GU' ? 'Gutschrift ausgezahlt' : null);
      } else offen.push(item);
      ctx.progress('Offene Posten: Zahlungen', ++done, items.length);
    }

    // 2. flags on a few open items, as a user sets them (PATCH through the resource, with change-log entry)
    for (const [i, item] of offen.entries()) {
      const r = rnd(i, 15, 13);
      const data = r === 0 ? { strittig: true } : r === 1 ? { gesperrt: true } : r === 2 ? { nichtMahnen: true } : null;
      if (data) await updateRecord(db, resourceCtx, offenePostenResource, office, item.id, { data, ProtokollBemerkung: 'Demo' }, undefined);
    }

    // 3. dunning runs of past days: overdue items go up a level each run
    for (const tage of DUNNING_DAYS) await runDunning(db, actor(admin), plusTage(today, -tage));

    // 4. partial payments on some of the open invoices
    for (const [i, item] of offen.entries()) {
      const betrag = Math.abs(Number(item.offenerBetrag));
      if (item.opvArt !== 'RE' || betrag < 2000 || rnd(i, 100, 17) >= 30 || item.rechnungsdatum > gestern) continue;
      // a third to two thirds of the amount, in whole euros
      const teil = percentOfCents(betrag, (33 + rnd(i, 34, 19)) * 100);
      const rate = Math.min(subtractCents(teil, teil % 100), subtractCents(betrag, 100));
      // lately, after the reminders
      const datum = [plusTage(today, -(1 + rnd(i, 10, 23))), item.rechnungsdatum].sort()[1] as string;
      if (rate > 0) await pay(item.id, rate, datum, i, 'Teilzahlung');
    }
  },
};
