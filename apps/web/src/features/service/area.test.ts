import type { Me } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen } from '@/app/areas';
import { serviceArea } from './area';

const user = (techniker: boolean, rechte: { recht: string; genehmigt: boolean }[] = [], istAdmin = false) =>
  ({
    benutzer: { istAdmin },
    rechte,
    techniker: techniker ? { id: 1, benutzerId: 3, bezeichnung: 'T', gutteileLagerId: null, doateileLagerId: null, defektteileLagerId: null } : null,
  }) as unknown as Me;
const entry = (id: string) => serviceArea.entries?.find((e) => e.id === id) as NonNullable<typeof serviceArea.entries>[number];

describe('field-service navigation', () => {
  it('[RIGHT-006][APP-079] planning, tasks and material for a technician, in the spec order', () => {
    const tech = user(true, [{ recht: 'SVC_DISPO', genehmigt: false }]);
    expect(['planning', 'tasks', 'material'].map((id) => mayOpen(tech, entry(id)))).toEqual([true, true, true]);
    expect(serviceArea.entries?.map((e) => e.order)).toEqual([60, 70, 80]);
  });
  it('[RIGHT-006] an office user sees open tasks only with service planning (SVC_DISPO), never tasks or material', () => {
    const office = user(false, [{ recht: 'SVC_DISPO', genehmigt: true }]);
    expect(['planning', 'tasks', 'material'].map((id) => mayOpen(office, entry(id)))).toEqual([true, false, false]);
    const denied = user(false, [{ recht: 'SVC_DISPO', genehmigt: false }]);
    expect(mayOpen(denied, entry('planning'))).toBe(false);
  });
});
