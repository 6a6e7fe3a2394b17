import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codecsOf, money2, money4, percent2, qty3, toScaled } from '../src/lib/codecs';
import { discountedUnit, divRound, documentTotals, gross, grossUnit, grossUnitCents, lineNet, rescale, vat } from '../src/lib/money';

describe('codecs', () => {
  it('converts the decimal the client sent, half away from zero, without binary-fraction errors', () => {
    expect(money2.toDb(1.005)).toBe(101); // Math.round(1.005 * 100) answers 100
    expect(money2.toDb(-1.005)).toBe(-101);
    expect(money2.toDb(0.285)).toBe(29);
    expect(toScaled(2.675, 2)).toBe(268); // the double is 2.67499…; the client sent 2.675
    expect(money4.toDb(1.00005)).toBe(10_001);
    expect(money4.toDb(123.456789)).toBe(1_234_568);
    expect(qty3.toDb(2.5)).toBe(2500);
    expect(qty3.toDb(1e-7)).toBe(0);
    expect(money4.toDb(5e-5)).toBe(1);
    expect(percent2.toDb(19)).toBe(1900);
    expect(money2.toDb(0)).toBe(0);
    expect(Object.is(money2.toDb(-0.001), 0)).toBe(true);
    expect(() => money2.toDb(1e21)).toThrow(RangeError);
    expect(() => money2.toDb(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every value with at most its decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        for (const c of [money2, money4, qty3, percent2]) expect(c.toDb(c.fromDb(n))).toBe(n);
      }),
    );
  });

  it('derives scales, fromRow and toRow from one declaration', () => {
    const c = codecsOf({ vk: money4, menge: qty3, rabatt: percent2, betrag: money2 });
    expect(c.scales).toEqual({ vk: 10_000, menge: 1000, rabatt: 100, betrag: 100 });
    expect(c.encodeRow({ vk: 1.5, menge: null, name: 'x' })).toEqual({ vk: 15_000, menge: null, name: 'x' });
    expect(c.decodeRow({ vk: 15_000, rabatt: 250, id: 1 })).toEqual({ vk: 1.5, rabatt: 2.5, id: 1 });
    expect('betrag' in c.decodeRow({ vk: 1 })).toBe(false);
  });
});

describe('money', () => {
  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(-4n, 3n)).toBe(-1n);
    expect(divRound(149n, 100n)).toBe(1n);
    expect(divRound(150n, 100n)).toBe(2n);
  });

  it('line net: unit price × quantity less discounts, rounded once to the cent', () => {
    expect(lineNet(1_000_000, 2000)).toBe(20_000); // 100 € × 2
    expect(lineNet(12_345, 3000)).toBe(370); // 1.2345 € × 3 = 3.7035 → 3.70
    expect(lineNet(12_345, 1000)).toBe(123); // 1.2345 → 1.23
    expect(lineNet(12_350, 1000)).toBe(124); // 1.235 → 1.24 (half away from zero)
    expect(lineNet(1_000_000, 1000, 1000)).toBe(9000); // 10 % off
    expect(lineNet(1_000_000, 1000, 1000, 500)).toBe(8550); // 10 %, then 5 %
    expect(lineNet(99_990, 333, 250)).toBe(325); // 9.999 × 0.333 × 0.975 = 3.2464… → 3.25
    expect(lineNet(-1_000_000, 1500)).toBe(-15_000);
  });

  it('discounted unit price and gross prices', () => {
    expect(discountedUnit(1_000_000, 1000, 500)).toBe(855_000);
    expect(discountedUnit(1_000_000, null, undefined)).toBe(1_000_000);
    expect(grossUnitCents(1_000_000, 1900)).toBe(11_900);
    expect(grossUnitCents(8403, 1900)).toBe(100); // 0.8403 × 1.19 = 0.999957 → 1.00
    expect(grossUnit(8403, 1900)).toBe(10_000);
    expect(vat(1000, 1900)).toBe(190);
    expect(vat(5, 1900)).toBe(1); // 0.95 ct → 1 ct
    expect(vat(-5, 1900)).toBe(-1);
    expect(gross(1000, 700)).toBe(1070);
    expect(rescale(12_345, 4, 2)).toBe(123);
    expect(rescale(12_350, 4, 2)).toBe(124);
    expect(rescale(123, 2, 4)).toBe(12_300);
  });

  it('document totals: VAT per rate on the sum of the line nets', () => {
    // three lines of 0.05 € at 19 %: per-line VAT would be 3 × 1 ct, per document it is 0.15 × 19 % = 2.85 → 3 ct
    const t = documentTotals([
      { netCents: 5, ratePercent2: 1900 },
      { netCents: 5, ratePercent2: 1900 },
      { netCents: 5, ratePercent2: 1900 },
      { netCents: 1000, ratePercent2: 700 },
    ]);
    expect(t.perRate).toEqual([
      { ratePercent2: 700, net: 1000, vat: 70 },
      { ratePercent2: 1900, net: 15, vat: 3 },
    ]);
    expect(t).toMatchObject({ net: 1015, vat: 73, gross: 1088 });
    expect(documentTotals([])).toEqual({ net: 0, vat: 0, gross: 0, perRate: [] });
  });

  it('refuses amounts a number cannot hold exactly', () => {
    expect(() => lineNet(Number.MAX_SAFE_INTEGER, 1_000_000)).toThrow(RangeError);
    expect(() => vat(0.5, 1900)).toThrow(RangeError);
  });

  it('totals equal the sum of their parts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ netCents: fc.integer({ min: -1e9, max: 1e9 }), ratePercent2: fc.constantFrom(0, 700, 1900) }), { maxLength: 30 }),
        (lines) => {
          const t = documentTotals(lines);
          expect(t.net).toBe(lines.reduce((s, l) => s + l.netCents, 0));
          expect(t.gross).toBe(t.net + t.vat);
          expect(t.vat).toBe(t.perRate.reduce((s, r) => s + vat(r.net, r.ratePercent2), 0));
        },
      ),
    );
  });
});
