import { defineModule } from '../../lib/module';
import { erechnungRoutes } from './erechnung.routes';
import type { ERechnungTables } from './erechnung.tables';

declare module '../../db/types' {
  interface Database extends ERechnungTables {}
}

/**
 * E-invoices out (issue 24): XRechnung 3.0 (UBL, CII) and ZUGFeRD/Factur-X EN 16931 of booked invoices and credit
 * notes, written from the contract's mapping table (erechnung.xml.ts) and stored on first delivery; the seller data;
 * the pre-booking check (called by the booking, belege.transitions.ts).
 */
export const erechnungModule = defineModule('erechnung', {
  routes: erechnungRoutes,
});
