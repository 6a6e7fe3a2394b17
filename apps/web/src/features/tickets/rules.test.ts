import { describe, expect, it } from 'vitest';
import { effortOver } from './rules';

describe('ticket effort roll-up', () => {
  it('is over when the spent minutes exceed the estimated or the ordered effort', () => {
    expect(effortOver(61, 60, null)).toBe(true);
    expect(effortOver(61, null, 60)).toBe(true);
    expect(effortOver(61, 120, 60)).toBe(true);
  });
  it('is not over at or below the limits, or without any limit', () => {
    expect(effortOver(60, 60, 60)).toBe(false);
    expect(effortOver(30, 60, null)).toBe(false);
    expect(effortOver(500, null, null)).toBe(false);
    expect(effortOver(null, 10, 10)).toBe(false);
  });
});
