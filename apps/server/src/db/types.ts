/**
 * Every table, for Kysely (`Kysely<Database>`). The interface is filled where the tables are declared: each module merges
 * its area's `<Area>Tables` (`modules/<area>/<area>.tables.ts`) in its `<area>.module.ts`, and lib/idempotency.ts its
 * own table, by declaration merging:
 *
 *     declare module '../../db/types' {
 *       interface Database extends AdressenTables {}
 *     }
 *
 * So a new area adds no line here. Two areas declaring the same table with different types fail to compile ("cannot
 * simultaneously extend"). Deriving the type from `MODULES` instead is not possible without an import cycle
 * (db/types → modules → services → db/index → db/types), which test/import-cycles.test.ts forbids.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declarations (declaration merging)
export interface Database {}
