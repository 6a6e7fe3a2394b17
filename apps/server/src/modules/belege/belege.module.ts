import { endpoints } from '@vario/contract';
import { defineModule, type NumberRange } from '../../lib/module';
import { belegeSeeder } from '../../seed/belege';
import type { RangesByName } from '../system/nummernkreise.service';
import { belegeDokumenteRoutes } from './belege.dokumente.routes';
import type { BelegDokumenteTables } from './belege.dokumente.tables';
import { belegeRoutes } from './belege.routes';
import type { BelegeTables } from './belege.tables';
import { belegeTransitionRoutes } from './belege.transitions.routes';

/** One range per belegtyp (rows of migration 0007): the number reads `<prefix><year>-<00001>` (e.g. RE2026-00001). */
const NUMBER_RANGES = [
  { name: 'BELEG_01', bezeichnung: 'Angebotsnummern', praefix: 'AN', start: 1 },
  { name: 'BELEG_02', bezeichnung: 'Auftragsnummern (Verkauf)', praefix: 'AU', start: 1 },
  { name: 'BELEG_03', bezeichnung: 'Lieferscheinnummern', praefix: 'LS', start: 1 },
  { name: 'BELEG_04', bezeichnung: 'Rechnungsnummern', praefix: 'RE', start: 1 },
  { name: 'BELEG_05', bezeichnung: 'Gutschriftnummern', praefix: 'GU', start: 1 },
] as const satisfies readonly NumberRange[];

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
