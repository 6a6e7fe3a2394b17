import { berlinZuUtc, heute, plusTage } from '../../lib/berlin-time';
import type { Seeder } from '../../seed/context';
import { eintragErfassen, zeitmodellSetzen } from './zeiterfassung.service';

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:mm from minutes after midnight. */
const uhr = (min: number) => `${pad(Math.floor(min / 60))}:${pad(min % 60)}`;

/**
 * A month of time entries for the demo users through the service: a 40-hour week (8 h Monday to Friday, 30 days of
 * leave) from the first of last month, and on each working day until yesterday a morning and an afternoon entry with a
 * lunch break; some days are long (a missing break, more than 10 hours) so the law's warnings show in the demo.
 */
export const zeiterfassungSeeder: Seeder = {
  name: 'zeiterfassung',
  table: 'zeitmodelle',
  demoOnly: true,
  async run(ctx) {
    const { db } = ctx;
    const users = await db
      .selectFrom('benutzer')
      .select(['id', 'name', 'istAdmin'])
      .where('anmeldename', 'in', ['admin', 'buero', 'techniker'])
      .orderBy('id')
      .execute();
    const admin = users.find((u) => u.istAdmin) ?? users[0];
    if (!admin) return;
    const heuteTag = heute();
    const start = `${plusTage(`${heuteTag.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    for (const [ui, u] of users.entries()) {
      await (async (trx: typeof db) => {
        await zeitmodellSetzen(
          trx,
          { id: admin.id, name: admin.name, istAdmin: true },
          {
            benutzerId: u.id,
            gueltigAb: start,
            minutenMo: 480,
            minutenDi: 480,
            minutenMi: 480,
            minutenDo: 480,
            minutenFr: 480,
            minutenSa: 0,
            minutenSo: 0,
            urlaubstage: 30,
          },
        );
        for (let t = start, i = 0; t < heuteTag; t = plusTage(t, 1), i++) {
          const wt = new Date(`${t}T12:00:00Z`).getUTCDay();
          if (wt === 0 || wt === 6) continue;
          const beginn = 7 * 60 + ((i * 7 + ui * 11) % 60);
          const mittag = 12 * 60 + ((i * 5) % 30);
          const lang = (i + ui) % 9 === 4;
          const ohnePause = (i + ui) % 11 === 6;
          const ende = beginn + (lang ? 10 * 60 + 40 : 8 * 60 + 30 + ((i * 13) % 40));
          if (ohnePause) {
            await eintragErfassen(trx, u.id, { anmeldung: berlinZuUtc(t, uhr(beginn)), abmeldung: berlinZuUtc(t, uhr(ende)) });
            continue;
          }
          await eintragErfassen(trx, u.id, { anmeldung: berlinZuUtc(t, uhr(beginn)), abmeldung: berlinZuUtc(t, uhr(mittag)) });
          await eintragErfassen(trx, u.id, {
            anmeldung: berlinZuUtc(t, uhr(mittag + 30 + (i % 3) * 5)),
            abmeldung: berlinZuUtc(t, uhr(ende)),
            typ: i % 5 === 2 ? 2 : 1,
            kommentar: i % 6 === 1 ? 'Kundentermin am Nachmittag' : null,
          });
        }
      })(db);
    }
  },
};
