import type { Me } from '@vario/contract';

/** Administrators have every right; otherwise a right counts as granted unless listed with genehmigt=false (RIGHT rules). */
export function hasRight(me: Pick<Me, 'benutzer' | 'rechte'> | null | undefined, recht: string): boolean {
  if (!me) return false;
  if (me.benutzer.istAdmin) return true;
  const entry = me.rechte.find((r) => r.recht === recht);
  return entry ? entry.genehmigt : true;
}

export const hasAllRights = (me: Pick<Me, 'benutzer' | 'rechte'> | null | undefined, rechte: readonly string[] = []) => rechte.every((r) => hasRight(me, r));
