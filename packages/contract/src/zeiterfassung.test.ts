import { describe, expect, it } from 'vitest';
import { picklisteSichtbar } from './picklisten-regeln';
import { arbzgWarnungen, DAUER_STRICH, dauerText, hms, urlaubsanspruch } from './zeiterfassung';

describe('time tracking rules', () => {
  it('ZEIT-003/ZEIT-004: hh:mm:ss, a dash when sign-in is after sign-out or missing, a running entry up to now', () => {
    expect(dauerText('2026-03-29T00:30:00Z', '2026-03-29T04:31:05Z')).toBe('04:01:05');
    expect(dauerText('2026-03-29T10:00:00Z', '2026-03-29T09:59:59Z')).toBe(DAUER_STRICH);
    expect(dauerText(null, '2026-03-29T09:59:59Z')).toBe(DAUER_STRICH);
    expect(dauerText('2026-03-29T10:00:00Z', null, '2026-03-30T11:00:01Z')).toBe('25:00:01');
    expect([hms(0), hms(-5400), hms(100 * 3600)]).toEqual(['00:00:00', '-01:30:00', '100:00:00']);
  });

  it('the working-time law: thresholds are "more than", breaks from 30 and 45 minutes, rest 11 hours', () => {
    const h = 3600;
    expect(arbzgWarnungen({ arbeitSek: 6 * h, pausenSek: 0, ruheSek: null })).toEqual([]);
    expect(arbzgWarnungen({ arbeitSek: 6 * h + 1, pausenSek: 29 * 60, ruheSek: null })).toEqual(['PAUSE_6']);
    expect(arbzgWarnungen({ arbeitSek: 6 * h + 1, pausenSek: 30 * 60, ruheSek: null })).toEqual([]);
    expect(arbzgWarnungen({ arbeitSek: 9 * h + 1, pausenSek: 30 * 60, ruheSek: null })).toEqual(['PAUSE_9']);
    expect(arbzgWarnungen({ arbeitSek: 10 * h + 1, pausenSek: 45 * 60, ruheSek: 11 * h })).toEqual(['MAX_10']);
    expect(arbzgWarnungen({ arbeitSek: 4 * h, pausenSek: 0, ruheSek: 11 * h - 1 })).toEqual(['RUHE_11']);
  });

  it('PICK-006: the picklist entry for user types 0, 1, 3 and picking types 1, 2 only', () => {
    expect(picklisteSichtbar(3, 2)).toBe(true);
    expect(picklisteSichtbar(2, 1)).toBe(false);
    expect(picklisteSichtbar(0, 0)).toBe(false);
    expect(picklisteSichtbar(1, undefined)).toBe(false);
  });

  it("leave entitlement (BUrlG § 5): a whole year gives the model's days; a start in the year a twelfth per full month, half days and more rounded up; a model change weighs by days", () => {
    const ganz = [{ gueltigAb: '2024-05-01', urlaubstage: 30 }];
    expect(urlaubsanspruch(ganz, 2026)).toBe(30);
    // employed from 1 April: 9 full months → 22.5 → 23
    expect(urlaubsanspruch([{ gueltigAb: '2026-04-01', urlaubstage: 30 }], 2026)).toBe(23);
    // from 15 April: 8 full months (15 Apr–14 Dec), 20 days
    expect(urlaubsanspruch([{ gueltigAb: '2026-04-15', urlaubstage: 30 }], 2026)).toBe(20);
    // 25 days from 1 October: 3 months → 6.25 stays 6.25 (less than half a day is not rounded)
    expect(urlaubsanspruch([{ gueltigAb: '2026-10-01', urlaubstage: 25 }], 2026)).toBe(6.25);
    // no model yet, or only from next year: nothing
    expect(urlaubsanspruch([], 2026)).toBe(0);
    expect(urlaubsanspruch([{ gueltigAb: '2027-01-01', urlaubstage: 30 }], 2026)).toBe(0);
    // full time (30) to part time (15) on 1 July 2026: 181 and 184 days of 365 → 22.44…, below half: 22.44
    const wechsel = [
      { gueltigAb: '2025-01-01', urlaubstage: 30 },
      { gueltigAb: '2026-07-01', urlaubstage: 15 },
    ];
    expect(urlaubsanspruch(wechsel, 2026)).toBe(Math.round(((30 * 181 + 15 * 184) / 365) * 100) / 100);
    // the year before the change keeps its 30; the year after has 15
    expect(urlaubsanspruch(wechsel, 2025)).toBe(30);
    expect(urlaubsanspruch(wechsel, 2027)).toBe(15);
  });
});
