import { describe, expect, it } from 'vitest';
import { resolveBackLink, validateBackRouteSearch } from './back-link';

const fallback = { to: '/addresses', label: 'Adressen' };

describe('record back link', () => {
  it('[ADR-011] defaults to the address index', () => {
    expect(resolveBackLink({}, fallback)).toEqual(fallback);
  });
  it('[ADR-012] follows backRouteName, backRouteParams (JSON) and backRouteLabel', () => {
    expect(resolveBackLink({ backRouteName: '/addresses/$id/persons', backRouteParams: '{"id":7}', backRouteLabel: 'Kontakte' }, fallback)).toEqual({
      to: '/addresses/7/persons',
      label: 'Kontakte',
    });
    expect(resolveBackLink({ backRouteName: 'home' }, fallback)).toEqual({ to: '/home', label: 'Adressen' });
  });
  it('falls back on broken params or unfilled placeholders', () => {
    expect(resolveBackLink({ backRouteName: '/addresses/$id', backRouteParams: '{oops' }, fallback)).toEqual(fallback);
    expect(resolveBackLink({ backRouteName: '/addresses/$id' }, fallback)).toEqual(fallback);
    expect(resolveBackLink({ backRouteName: 'https://evil.example/' }, fallback)).toEqual(fallback);
  });
  it('keeps only string search values', () => {
    expect(validateBackRouteSearch({ backRouteName: '/home', backRouteParams: { id: 1 }, other: 1 })).toEqual({
      backRouteName: '/home',
      backRouteParams: '{"id":1}',
    });
  });
});
