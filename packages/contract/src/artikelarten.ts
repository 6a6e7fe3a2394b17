/** Article kinds (ART-012): 1 stocked, 2 unstocked, 3 services, 4 text block, 5 assembly, 6 surcharge/discount, V variant main, P deposit. */
export const ARTIKELARTEN = ['1', '2', '3', '4', '5', '6', 'V', 'P'] as const;
