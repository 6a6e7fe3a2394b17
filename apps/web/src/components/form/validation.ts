import { zodResolver } from '@hookform/resolvers/zod';
import { adresseEingabe, artikelEingabe, assetEingabe, belegKopfEingabe, dealEingabe, offenerPostenAenderung, ticketEingabe } from '@vario/contract';

/**
 * The contract schemas the record pages validate with, loaded (with zod and the resolver) only when a form first checks
 * a value: viewing a record needs neither (lazy-schema.ts). A new record page adds its input schema here.
 */
export const SCHEMAS = { adresseEingabe, artikelEingabe, assetEingabe, belegKopfEingabe, dealEingabe, offenerPostenAenderung, ticketEingabe };

export type LazySchemaName = keyof typeof SCHEMAS;

export const resolverFor = (name: LazySchemaName) => zodResolver(SCHEMAS[name]);
