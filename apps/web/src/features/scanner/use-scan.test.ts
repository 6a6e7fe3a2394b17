import { describe, expect, it } from 'vitest';
import { REPEAT_MS, scanGate } from './use-scan';

describe('scanGate (one code at a time on the scanner screens)', () => {
  it('refuses a code while another is handled and the same code within REPEAT_MS, unless typed again', () => {
    let now = 1_000;
    const gate = scanGate(() => now);
    expect(gate.take('4006381333931')).toBe(true);
    expect(gate.take('12345')).toBe(false); // busy
    gate.done();
    expect(gate.take('4006381333931')).toBe(false); // the camera reports it again
    now += REPEAT_MS;
    expect(gate.take('4006381333931')).toBe(true);
    gate.done();
    gate.forget(); // typed on purpose
    expect(gate.take('4006381333931')).toBe(true);
    gate.done();
    expect(gate.take('12345')).toBe(true);
  });
});
