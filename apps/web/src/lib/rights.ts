import { type Me, rechtGilt } from '@vario/contract';

/**
 * The contract's one rights rule (`rechtGilt`), as on the server: administrators have every right; a right listed in
 * `me.rechte` decides by `genehmigt`; an unlisted spec right counts as granted (RIGHT-004), an unlisted project right
 * (`PROJEKT_RECHTE`) as denied.
 */
export function hasRight(me: Pick<Me, 'benutzer' | 'rechte'> | null | undefined, recht: string): boolean {
  if (!me) return false;
  return rechtGilt(me.benutzer.istAdmin, me.rechte.find((r) => r.recht === recht)?.genehmigt, recht);
}

export const hasAllRights = (me: Pick<Me, 'benutzer' | 'rechte'> | null | undefined, rechte: readonly string[] = []) => rechte.every((r) => hasRight(me, r));
