import type { Me } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { hasAllRights, hasRight } from './rights';

const me = (rechte: Me['rechte'], istAdmin = false) => ({ benutzer: { istAdmin }, rechte }) as unknown as Me;

describe('hasRight (the contract rule rechtGilt)', () => {
  it('admin has all, a listed right decides, an unlisted spec right is granted', () => {
    expect(hasRight(me([{ recht: 'ADR_LOESCHEN', genehmigt: false }], true), 'ADR_LOESCHEN')).toBe(true);
    expect(hasRight(me([{ recht: 'ADR_LOESCHEN', genehmigt: false }]), 'ADR_LOESCHEN')).toBe(false);
    expect(hasRight(me([{ recht: 'SVC_DISPO', genehmigt: false }]), 'SVC_DISPO')).toBe(false);
    expect(hasRight(me([{ recht: 'SVC_DISPO', genehmigt: true }]), 'SVC_DISPO')).toBe(true);
    expect(hasRight(me([]), 'ADR_LOESCHEN')).toBe(true);
    expect(hasRight(null, 'ADR_SEHEN')).toBe(false);
    expect(hasAllRights(me([{ recht: 'ART_EK', genehmigt: false }]), ['ADR_SEHEN', 'ART_EK'])).toBe(false);
  });
});
