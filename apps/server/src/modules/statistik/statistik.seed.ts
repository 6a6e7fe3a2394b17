import { umsatzNeuAufbauen } from '../../db/umsatz';
import type { Seeder } from '../../seed/context';

/** The demo documents are written in bulk, not booked one by one: the turnover aggregate is counted once after them. */
export const statistikSeeder: Seeder = {
  name: 'statistik',
  table: 'umsatzMonate',
  async run(ctx) {
    await umsatzNeuAufbauen(ctx.db);
  },
};
