import { describe, expect, it } from 'vitest';
import { picklisteSichtbar } from './picklisten-regeln';
import { arbzgWarnungen, DAUER_STRICH, dauerText, hms } from './zeiterfassung';

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
});
