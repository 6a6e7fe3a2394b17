import { describe, expect, it } from 'vitest';
import { mergePlaceholders, placeholdersOf } from './placeholders';

describe('free SQL placeholders', () => {
  it('finds :name placeholders once each, not in quotes, comments or casts', () => {
    expect(placeholdersOf("select :a, ':b', x::int, :c -- :d\n from t where y = :a /* :e */")).toEqual(['a', 'c']);
  });
  it('keeps the definitions of names that stay', () => {
    const kept = { name: 'a', bezeichnung: 'Kunde', typ: 'zahl' as const };
    expect(mergePlaceholders([kept], ['a', 'b'])).toEqual([kept, { name: 'b', bezeichnung: 'b', typ: 'text' }]);
  });
});
