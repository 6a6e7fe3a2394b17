import { BELEG_AKTIONEN, BELEGSTATUS, type BelegAktion, type Belegart, UMWANDLUNGEN, VERKAUF_BELEGART_LISTE, zustandErlaubt } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { allows, cancelKind, DEFAULT_TYPES, DOCUMENT_TYPES, isEditableStatus, NEW_DOCUMENT_TYPES, transformMenu, transformMenuOf, typeName } from './labels';
import { chosenFilters } from './list/list-filter';

/** The screens' lists, menus and names follow from the contract's descriptors and status table (issue 18 §1, §2). */
describe('sale-document labels from the descriptors', () => {
  it('the transform menu of every type is its descriptor’s targets, in order, with the partial flag', () => {
    for (const d of VERKAUF_BELEGART_LISTE) {
      expect(
        transformMenu(d.belegart).map((m) => m.value),
        d.belegart,
      ).toEqual(UMWANDLUNGEN[d.belegtyp] ?? []);
      expect(transformMenu(d.belegtyp), d.belegtyp).toEqual(transformMenu(d.belegart));
    }
    expect(transformMenu('0200')).toEqual([
      { value: '0300', partial: true },
      { value: '0500', partial: true },
    ]);
    // a booked invoice is credited (issue 19 item 9); an unbooked one offers nothing
    expect(transformMenu('0400', { gebuchtAm: '2026-01-02T10:00:00Z' })).toEqual([{ value: '0500', partial: true }]);
    expect(transformMenu('0400', { gebuchtAm: null })).toEqual([]);
    expect(transformMenu('9999')).toEqual([]);
  });

  it('the new-document screen offers every customer-side type a user creates, not the cancellation invoice; a cancellation is not cancelled', () => {
    expect(NEW_DOCUMENT_TYPES).toEqual(['0100', '0200', '0300', '0400', '0500']);
    expect([cancelKind('0400'), cancelKind('0500'), cancelKind('0300'), cancelKind('0600')]).toEqual(['gegenbeleg', 'gegenbeleg', 'direkt', 'nein']);
  });

  it('a throwaway type: its menu is built from its entry alone', () => {
    const probe = { umwandlung: [{ nach: 'probe2', teilweise: false }] } as unknown as Pick<Belegart, 'umwandlung'>;
    expect(transformMenuOf(probe, { probe2: { belegart: '9900' } })).toEqual([{ value: '9900', partial: false }]);
    expect(transformMenuOf(probe, {})).toEqual([]);
  });

  it('the type filter and its default are the sales descriptors; names in every language', () => {
    expect(DOCUMENT_TYPES).toEqual(VERKAUF_BELEGART_LISTE.map((d) => d.belegart));
    expect(chosenFilters({}).types).toEqual([...DEFAULT_TYPES]);
    expect(DEFAULT_TYPES).toEqual(['0100', '0200']);
    for (const d of VERKAUF_BELEGART_LISTE) {
      expect(typeName(d.belegart, 'de')).toBe(d.name.de);
      expect(typeName(d.belegart, 'en-GB')).toBe(d.name.en);
      expect(typeName(d.belegtyp, 'fr')).toBe(d.name.fr);
    }
    expect(typeName('4711')).toBeNull();
  });

  it('buttons and read-only states follow the status table', () => {
    for (const s of BELEGSTATUS) {
      expect(isEditableStatus(s), String(s)).toBe((BELEG_AKTIONEN.aendern.zustaende as readonly number[]).includes(s));
      for (const gebuchtAm of [null, '2026-01-01T00:00:00Z'])
        for (const storniertAm of [null, '2026-01-02T00:00:00Z'])
          for (const a of Object.keys(BELEG_AKTIONEN) as BelegAktion[]) {
            const doc = { belegstatus: s, gebuchtAm, storniertAm };
            expect(allows(a, doc), `${a} ${s}`).toBe(zustandErlaubt(a, doc));
          }
    }
    expect(isEditableStatus(1) && isEditableStatus(2) && !isEditableStatus(3)).toBe(true);
  });
});
