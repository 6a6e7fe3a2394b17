import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api } from './client';
import { basic, createTestApp, expectError } from './helper';

const t = await createTestApp({ demo: false });
const c = api(t);

describe('outside demo mode', () => {
  it('no user with a known password exists, and no demo records', async () => {
    expect(await t.handle.db.selectFrom('benutzer').select('id').execute()).toEqual([]);
    for (const [u, p] of [
      ['admin', 'admin'],
      ['buero', 'buero'],
      ['techniker', 'techniker'],
    ] as const) {
      expectError(await c.call(endpoints.login, { authorization: basic(u, p) }), 401);
    }
    expect(await t.handle.db.selectFrom('adressen').select('id').execute()).toEqual([]);
    expect(await t.handle.db.selectFrom('artikel').select('id').execute()).toEqual([]);
  });

  it('the reference data every installation needs is there', async () => {
    const count = async (table: 'landeskennzeichen' | 'preisgruppen' | 'belegarten' | 'aktivitaetsarten' | 'warengruppen' | 'lager' | 'texte') =>
      Number(
        (
          await t.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('landeskennzeichen')).toBeGreaterThanOrEqual(249);
    expect(await count('preisgruppen')).toBe(17);
    for (const table of ['belegarten', 'aktivitaetsarten', 'warengruppen', 'lager', 'texte'] as const) expect(await count(table), table).toBeGreaterThan(0);
  });
});
