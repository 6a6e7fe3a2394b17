import { BELEGART_LISTE, type BelegNummernkreis, endpoints } from '@vario/contract';
import { defineModule, type NumberRange } from '../../lib/module';
import { belegeSeeder } from '../../seed/belege';
import type { RangesByName } from '../system/nummernkreise.service';
import { belegeDokumenteRoutes } from './belege.dokumente.routes';
import type { BelegDokumenteTables } from './belege.dokumente.tables';
import { belegeRoutes } from './belege.routes';
import type { BelegeTables } from './belege.tables';
import { belegeTransitionRoutes } from './belege.transitions.routes';

/**
 * One range per document type, as its descriptor names it (`@vario/contract` BELEGARTEN; rows of migrations 0007 and
 * 0015): the number reads `<prefix><year>-<00001>` (e.g. RE2026-00001).
 */
const NUMBER_RANGES = BELEGART_LISTE.map(
  (d): NumberRange<BelegNummernkreis> => ({ name: d.nummernkreis.name, bezeichnung: d.nummernkreis.bezeichnung, praefix: d.nummernkreis.praefix, start: 1 }),
);

declare module '../../db/types' {
  interface Database extends BelegeTables, BelegDokumenteTables {}
}
declare module '../system/nummernkreise.service' {
  interface Nummernkreise extends RangesByName<typeof NUMBER_RANGES> {}
}

/** Sales documents: list, head and foot, positions, history (belege.routes.ts), their PDFs and files, and their transitions. */
export const belegeModule = defineModule('belege', {
  routes(api, ctx) {
    belegeRoutes(api, ctx);
    belegeDokumenteRoutes(api, ctx);
    belegeTransitionRoutes(api, ctx);
  },
  locks: { BEK: { table: 'belege', rights: endpoints.belegUpdate.rights } },
  reminders: ['BEK'],
  numberRanges: NUMBER_RANGES,
  seeders: [belegeSeeder],
});
