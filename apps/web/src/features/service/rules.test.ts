import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  calendarDefaults,
  canArrive,
  canBookMaterial,
  canBookTime,
  canRetainWithDate,
  canStartTravel,
  checkAmount,
  checkDistance,
  checkMehraufwand,
  checkRemark,
  checkTimeRange,
  clearForType,
  halfDaysShown,
  isAfterToday,
  materialLimits,
  nextStep,
  normalizeHalfDays,
  notYetTransferred,
  suspendDays,
} from './rules';
import { materialStatusColor, overEstimate, taskStatusColor, umlagerungTypKey } from './status-colors';

const draft = { mehraufwandArtId: 1, bemerkung: null, von: null, bis: null, datum: '2026-11-26', kosten: null, strecke: null };

describe('field-service colours', () => {
  it.each([
    ['00', 'blue'],
    ['01', 'blue'],
    ['11', 'blue'],
    ['80', 'blue'],
    ['85', 'blue'],
    ['02', 'teal'],
    ['05', 'teal'],
    ['07', 'teal'],
    ['06', 'lime'],
    ['08', 'lime'],
    ['09', 'lime'],
    ['86', 'lime'],
    ['10', 'orange'],
    ['12', 'green'],
    ['98', 'green'],
    ['91', 'green'],
    ['19', 'yellow'],
    ['21', 'yellow'],
    ['22', 'yellow'],
    ['50', 'yellow'],
    ['13', 'dark'],
    ['99', 'dark'],
    [null, 'dark'],
  ])('task status %s is %s', (status, color) => {
    expect(taskStatusColor(status)).toBe(color);
  });

  it('a numeric status is read as its two-digit code', () => {
    expect(taskStatusColor(1)).toBe('blue');
    expect(taskStatusColor('6')).toBe('lime');
  });

  it.each([
    ['10', 'gray'],
    ['13', 'red'],
    ['15', 'yellow'],
    ['17', 'orange'],
    ['25', 'teal'],
    ['27', 'teal'],
    ['19', 'green'],
    ['29', 'green'],
    ['11', 'dark'],
    [undefined, 'dark'],
  ])('material status %s is %s', (status, color) => {
    expect(materialStatusColor(status)).toBe(color);
  });

  it('transfer types 1–8 are named, others unknown', () => {
    expect(umlagerungTypKey(1)).toBe('transferType.pickup');
    expect(umlagerungTypKey(8)).toBe('transferType.dismantling');
    expect(umlagerungTypKey(0)).toBe('transferType.unknown');
    expect(umlagerungTypKey(9)).toBe('transferType.unknown');
    expect(umlagerungTypKey(null)).toBe('transferType.unknown');
  });

  it('used time is red only above the estimate', () => {
    expect(overEstimate(61, 60)).toBe(true);
    expect(overEstimate(60, 60)).toBe(false);
    expect(overEstimate(10, null)).toBe(false);
  });
});

describe('journey', () => {
  const accepted = { angenommenDatum: '2026-11-26T07:00:00Z' };
  it('buttons follow the planning item', () => {
    expect(canStartTravel(accepted)).toBe(true);
    expect(canArrive(accepted)).toBe(false);
    const travelling = { ...accepted, reisebeginnDatum: '2026-11-26T08:00:00Z' };
    expect(canStartTravel(travelling)).toBe(false);
    expect(canArrive(travelling)).toBe(true);
    expect(canBookTime(travelling)).toBe(false);
    expect(canBookMaterial(travelling)).toBe(false);
    const onSite = { ...travelling, vorOrtDatum: '2026-11-26T09:00:00Z' };
    expect(canArrive(onSite)).toBe(false);
    expect(canBookTime(onSite)).toBe(true);
    expect(canBookMaterial(onSite)).toBe(true);
  });

  it('the next step is the primary button', () => {
    expect(nextStep({}, false)).toBe('accept');
    expect(nextStep(accepted, false)).toBe('travelStart');
    expect(nextStep({ ...accepted, reisebeginnDatum: 'x' }, false)).toBe('arrival');
    expect(nextStep({ ...accepted, reisebeginnDatum: 'x', vorOrtDatum: 'y' }, false)).toBe('work');
    expect(nextStep({ ...accepted, reisebeginnDatum: 'x', vorOrtDatum: 'y' }, true)).toBe('complete');
  });
});

describe('dialog checks', () => {
  it('a remark is required, trimmed', () => {
    expect(checkRemark('  ')).toBe('check.remarkRequired');
    expect(checkRemark(null)).toBe('check.remarkRequired');
    expect(checkRemark(' x ')).toBeNull();
  });

  it('type 1 needs from and to, from before to', () => {
    expect(checkMehraufwand(1, draft)).toEqual({ von: 'check.required', bis: 'check.required' });
    expect(checkMehraufwand(1, { ...draft, von: '10:00', bis: '09:00' })).toEqual({ bis: 'check.fromBeforeTo' });
    expect(checkMehraufwand(1, { ...draft, von: '10:00', bis: '10:00' })).toEqual({ bis: 'check.fromBeforeTo' });
    expect(checkMehraufwand(1, { ...draft, von: '09:00', bis: '10:00' })).toEqual({});
  });

  it('type 2 needs costs above 0', () => {
    expect(checkMehraufwand(2, draft)).toEqual({ kosten: 'check.required' });
    expect(checkMehraufwand(2, { ...draft, kosten: 0 })).toEqual({ kosten: 'check.costsTooSmall' });
    expect(checkMehraufwand(2, { ...draft, kosten: 'abc' })).toEqual({ kosten: 'check.costsWholePrice' });
    expect(checkMehraufwand(2, { ...draft, kosten: 12.5 })).toEqual({});
  });

  it('type 3 needs a whole distance above 0', () => {
    expect(checkMehraufwand(3, draft)).toEqual({ strecke: 'check.distanceRequired' });
    expect(checkMehraufwand(3, { ...draft, strecke: 0 })).toEqual({ strecke: 'check.distancePositive' });
    expect(checkMehraufwand(3, { ...draft, strecke: 2.5 })).toEqual({ strecke: 'check.distanceWhole' });
    expect(checkMehraufwand(3, { ...draft, strecke: 12 })).toEqual({});
  });

  it('saving clears the fields the type does not use', () => {
    const all = { vonZeitpunkt: 'a', bisZeitpunkt: 'b', kosten: 5, strecke: 3 };
    expect(clearForType(1, all)).toEqual({ vonZeitpunkt: 'a', bisZeitpunkt: 'b', kosten: null, strecke: null });
    expect(clearForType(2, all)).toEqual({ vonZeitpunkt: null, bisZeitpunkt: null, kosten: 5, strecke: null });
    expect(clearForType(3, all)).toEqual({ vonZeitpunkt: null, bisZeitpunkt: null, kosten: null, strecke: 3 });
  });

  it('arrival distance: present, whole, 0 or more', () => {
    expect(checkDistance(null)).toBe('check.distanceRequired');
    expect(checkDistance(1.5)).toBe('check.distanceWhole');
    expect(checkDistance(-1)).toBe('check.tooSmall');
    expect(checkDistance(0)).toBeNull();
  });

  it('booked time after the arrival on its day, to after from', () => {
    const arrival = dayjs('2026-11-26T09:30:00').format();
    expect(checkTimeRange('2026-11-26', '09:00', '10:00', arrival)).toEqual({ field: 'von', key: 'check.beforeArrival', arrivalTime: '09:30' });
    expect(checkTimeRange('2026-11-26', '09:30', '10:00', arrival)).toBeNull();
    expect(checkTimeRange('2026-11-27', '07:00', '08:00', arrival)).toBeNull();
    expect(checkTimeRange('2026-11-26', '11:00', '10:00', arrival)).toEqual({ field: 'bis', key: 'check.toAfterFrom' });
    expect(checkTimeRange('2026-11-26', null, '10:00', arrival)).toEqual({ field: 'von', key: 'check.required' });
  });

  it('material amount: not zero, within min and max', () => {
    expect(checkAmount(0, -2, 5)).toBe('check.invalidValue');
    expect(checkAmount(null, -2, 5)).toBe('check.invalidValue');
    expect(checkAmount(6, -2, 5)).toBe('check.tooLarge');
    expect(checkAmount(-3, -2, 5)).toBe('check.tooSmall');
    expect(checkAmount(5, -2, 5)).toBeNull();
  });

  it('a day after today is refused', () => {
    const today = dayjs('2026-11-26T12:00:00');
    expect(isAfterToday('2026-11-27', today)).toBe(true);
    expect(isAfterToday('2026-11-26', today)).toBe(false);
    expect(isAfterToday('2026-11-20', today)).toBe(false);
  });

  it('calendar entry half days and defaults', () => {
    const today = dayjs('2026-11-26T12:00:00');
    expect(calendarDefaults(today)).toMatchObject({ kalTypId: 1, startDatum: '2026-11-26', endeDatum: '2026-11-26' });
    expect(halfDaysShown('2026-11-26', '2026-11-26')).toBe(true);
    expect(halfDaysShown('2026-11-26', '2026-11-27')).toBe(false);
    expect(normalizeHalfDays({ startDatum: '2026-11-26', endeDatum: '2026-11-27', vormittags: true, nachmittags: false })).toMatchObject({
      vormittags: true,
      nachmittags: true,
    });
    expect(normalizeHalfDays({ startDatum: '2026-11-26', endeDatum: '2026-11-26', vormittags: false, nachmittags: true })).toMatchObject({
      vormittags: false,
      nachmittags: true,
    });
  });

  it('suspend shortcuts and the date-and-time rule', () => {
    expect(suspendDays(dayjs('2026-11-30T12:00:00'))).toEqual({ tomorrow: '2026-12-01', dayAfter: '2026-12-02' });
    expect(canRetainWithDate('2026-12-01', '08:00')).toBe(true);
    expect(canRetainWithDate('2026-12-01', null)).toBe(false);
    expect(canRetainWithDate(null, '08:00')).toBe(false);
  });
});

describe('material limits', () => {
  const line = {
    menge: 5,
    mengeUmgelagert: 3,
    mengeEingebaut: 2,
    mengeDoa: 1,
    mengeGutteilretoure: 0,
    mengeDefektVerkauft: 0,
    mengeDefektEingelagert: 1,
  };
  it('good parts up to what is left, faulty parts up to the installed ones, down to minus the booked', () => {
    expect(materialLimits(line, 'eingebaut')).toEqual({ min: -2, max: 2 });
    expect(materialLimits(line, 'doa')).toEqual({ min: -1, max: 2 });
    expect(materialLimits(line, 'gutteilretoure')).toEqual({ min: -0, max: 2 });
    expect(materialLimits(line, 'defektEingelagert')).toEqual({ min: -1, max: 1 });
    expect(materialLimits(line, 'defektVerkauft')).toEqual({ min: -0, max: 1 });
  });
  it('a line not fully transferred warns', () => {
    expect(notYetTransferred(line)).toBe(true);
    expect(notYetTransferred({ menge: 3, mengeUmgelagert: 3 })).toBe(false);
  });
});
