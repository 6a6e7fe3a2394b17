import { ZAHLUNG_SKONTO, ZAHLUNG_STORNO } from '@vario/contract';

/** The badge colour of a dunning level 0–5 (OP-004): none, then rising from yellow to red. */
export function levelColor(level: number): string {
  return ['gray', 'yellow', 'orange', 'red', 'red', 'grape'][level] ?? 'gray';
}

type MethodKey = 'transfer' | 'debit' | 'cash' | 'cheque' | 'card' | 'offset' | 'discount' | 'reversal';
/** Payment methods (zahlungPer) → their text key. */
const METHOD_KEYS: Record<string, MethodKey> = {
  Überweisung: 'transfer',
  Lastschrift: 'debit',
  Bar: 'cash',
  Scheck: 'cheque',
  Karte: 'card',
  Verrechnung: 'offset',
  [ZAHLUNG_SKONTO]: 'discount',
  [ZAHLUNG_STORNO]: 'reversal',
};

/** The text key of a payment method (`method.<key>` in the area's texts). */
export const methodKey = (zahlungPer: string): `method.${MethodKey}` => `method.${METHOD_KEYS[zahlungPer] ?? 'transfer'}`;
