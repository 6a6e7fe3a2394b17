import { defineModule } from '../../lib/module';
import { ausgangRoutes } from './ausgang.routes';
import type { AusgangTables } from './ausgang.tables';

declare module '../../db/types' {
  interface Database extends AusgangTables {}
}

/** What leaves the house: documents by e-mail (outbox and sender) and the DATEV export (issue 24 items 8–13). */
export const ausgangModule = defineModule('ausgang', {
  routes: ausgangRoutes,
});
