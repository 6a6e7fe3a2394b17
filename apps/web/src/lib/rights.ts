import { type Me, rechtGilt } from '@vario/contract';

/**
 * The contract's one rights rule (`rechtGilt`): administrators have every right; a listed right decides by
 * `genehmigt`. `/webapp/me` lists every project right (`PROJEKT_RECHTE`, denied where the user has no row), so a right
 * missing from `me.rechte` is a spec right, which counts as granted (RIGHT-004).
 */
export function hasRight(me: Pick<Me, 'benutzer' | 'rechte'> | null | undefined, recht: string): boolean {
  if (!me) return false;
  return rechtGilt(me.benutzer.istAdmin, me.rechte.find((r) => r.recht === recht)?.genehmigt ?? true, recht);
}

export const hasAllRights = (me: Pick<Me, 'benutzer' | 'rechte'> | null | undefined, rechte: readonly string[] = []) => rechte.every((r) => hasRight(me, r));
