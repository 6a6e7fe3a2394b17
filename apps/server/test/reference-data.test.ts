import { endpoints, ZEITERFASSUNG_PARAMETER, ZEITERFASSUNG_VORGABEN } from '@vario/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const db = t.handle.db;

const nutzung = async (as = 'buero') => expectOk(await c.call(endpoints.nutzungsparameter, { as })).result;
const zeiterfassung = async (as = 'buero') => expectOk(await c.call(endpoints.zeiterfassungParameter, { as })).result;

/** Sets a system parameter (null removes it) and remembers the old value to put it back after the test. */
const restore: (() => Promise<unknown>)[] = [];
async function setParameter(name: string, wert: string | null) {
  const old = await db.selectFrom('systemParameter').select('wert').where('name', '=', name).executeTakeFirst();
  restore.push(async () => {
    await db.deleteFrom('systemParameter').where('name', '=', name).execute();
    if (old) await db.insertInto('systemParameter').values({ name, wert: old.wert }).execute();
  });
  await db.deleteFrom('systemParameter').where('name', '=', name).execute();
  if (wert !== null) await db.insertInto('systemParameter').values({ name, wert }).execute();
}
afterEach(async () => {
  while (restore.length) await restore.pop()?.();
});

describe('[APP-028] usage parameters', () => {
  it('[APP-028] /webapp/nutzungsparameter answers the seeded usage of deals, tickets, service and time tracking', async () => {
    expect(await nutzung()).toEqual({ deals: true, tickets: true, service: true, zeiterfassung: false });
    expect(await nutzung('techniker')).toEqual(await nutzung('admin'));
  });

  it('[APP-028] a usage flag follows its system parameter; an unset one falls back to the part’s default', async () => {
    await setParameter('NUTZUNG.DEALS', '0');
    await setParameter('NUTZUNG.ZEITERFASSUNG', 'ja');
    await setParameter('NUTZUNG.TICKETS', null);
    await setParameter('NUTZUNG.SERVICE', 'unklar');
    expect(await nutzung()).toEqual({ deals: false, tickets: true, service: true, zeiterfassung: true });
  });

  it('[APP-028] reference data needs a signed-in user', async () => {
    expectError(await c.call(endpoints.nutzungsparameter, { token: null }), 401);
    expectError(await c.call(endpoints.zeiterfassungParameter, { token: null }), 401);
  });
});

describe('[APP-028] time-tracking parameters', () => {
  it('[APP-028] /stammdaten/zeiterfassung/parameter answers the seeded working minutes per weekday and the rounding', async () => {
    expect(await zeiterfassung()).toEqual({ sollMinutenProTag: [480, 480, 480, 480, 480, 0, 0], rundungMinuten: 15, rundungsart: 'KAUFMAENNISCH' });
  });

  it('[APP-028] changed system parameters are answered as set', async () => {
    await setParameter(ZEITERFASSUNG_PARAMETER.sollMinutenProTag, '450, 450,450,450,360,0,0');
    await setParameter(ZEITERFASSUNG_PARAMETER.rundungMinuten, '6');
    await setParameter(ZEITERFASSUNG_PARAMETER.rundungsart, 'auf');
    expect(await zeiterfassung('techniker')).toEqual({ sollMinutenProTag: [450, 450, 450, 450, 360, 0, 0], rundungMinuten: 6, rundungsart: 'AUF' });
  });

  it('[APP-028] an unset or unreadable value answers its default, each on its own', async () => {
    await setParameter(ZEITERFASSUNG_PARAMETER.sollMinutenProTag, '480,480,480');
    await setParameter(ZEITERFASSUNG_PARAMETER.rundungMinuten, '0');
    await setParameter(ZEITERFASSUNG_PARAMETER.rundungsart, null);
    expect(await zeiterfassung()).toEqual(ZEITERFASSUNG_VORGABEN);
    await setParameter(ZEITERFASSUNG_PARAMETER.sollMinutenProTag, '480,480,480,480,480,0,2000');
    await setParameter(ZEITERFASSUNG_PARAMETER.rundungMinuten, '30');
    await setParameter(ZEITERFASSUNG_PARAMETER.rundungsart, 'irgendwie');
    expect(await zeiterfassung()).toEqual({ ...ZEITERFASSUNG_VORGABEN, rundungMinuten: 30 });
  });
});
