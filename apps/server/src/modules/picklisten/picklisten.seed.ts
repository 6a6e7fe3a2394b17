import { BELEGARTEN, type BelegartDescriptor, PICK_ENTSPERREN_RECHT, PICK_RECHT } from '@vario/contract';
import type { Seeder } from '../../seed/context';
import { erzeugen } from './picklisten.service';

/** The document types picklists are made from (their descriptor's `pickliste`). */
const PICK_BELEGARTEN = Object.values(BELEGARTEN as Record<string, BelegartDescriptor>)
  .filter((d) => d.pickliste)
  .map((d) => d.belegart);

/**
 * Demo picklists through the service: from the newest booked orders with open stock lines (up to 12 lists), and the
 * picking rights for the office demo user (the project's rights are denied unless granted).
 */
export const picklistenSeeder: Seeder = {
  name: 'picklisten',
  table: 'picklisten',
  demoOnly: true,
  async run(ctx) {
    const { db } = ctx;
    const admin = await db.selectFrom('benutzer').select(['id', 'name']).where('istAdmin', '=', true).orderBy('id').executeTakeFirst();
    if (!admin) return;
    const buero = await db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'buero').executeTakeFirst();
    if (buero) {
      for (const recht of [PICK_RECHT, PICK_ENTSPERREN_RECHT]) {
        await db
          .insertInto('rechte')
          .values({ benutzerId: buero.id, recht, genehmigt: true })
          .onConflict((oc) => oc.columns(['benutzerId', 'recht']).doNothing())
          .execute();
      }
    }
    const auftraege = await db
      .selectFrom('belege as b')
      .select('b.id')
      .where('b.belegart', 'in', PICK_BELEGARTEN)
      .where('b.gebuchtAm', 'is not', null)
      .where('b.storniertAm', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('belegPositionen as bp')
            .innerJoin('artikel as a', 'a.id', 'bp.artikelId')
            .whereRef('bp.belegId', '=', 'b.id')
            .where('a.artikelart', '=', '1')
            .whereRef('bp.mengeGeliefert', '<', 'bp.menge')
            .select('bp.id'),
        ),
      )
      .orderBy('b.id', 'desc')
      .limit(12)
      .execute();
    const actor = { id: admin.id, name: admin.name, istAdmin: true };
    for (const a of auftraege) await erzeugen(db, actor, a.id);
  },
};
