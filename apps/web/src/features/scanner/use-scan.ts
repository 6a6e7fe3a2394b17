import { useCallback, useRef, useState } from 'react';

/** The same code is not handled again within this time (the camera reports it on every frame). */
export const REPEAT_MS = 3000;

/**
 * One code at a time: `take(code)` answers whether a code may be handled now — not while another is being handled
 * (until `done()`), and not the same code again within `REPEAT_MS` unless it was typed (`forget()` first).
 */
export function scanGate(now: () => number = Date.now) {
  let last: { code: string; at: number } | null = null;
  let busy = false;
  return {
    take(code: string): boolean {
      const at = now();
      if (busy || (last?.code === code && at - last.at < REPEAT_MS)) return false;
      last = { code, at };
      busy = true;
      return true;
    },
    done() {
      busy = false;
    },
    forget() {
      last = null;
    },
  };
}

/**
 * A scanner screen's code handling: `scan(code)` (camera) runs `handle` when `scanGate` lets it; `typed(code)` is a
 * code the user entered on purpose, handled even when it repeats. `busy` is true while `handle` runs.
 */
export function useScan(handle: (code: string) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const gate = useRef(scanGate()).current;
  const handleRef = useRef(handle);
  handleRef.current = handle;

  const scan = useCallback(
    async (code: string) => {
      if (!gate.take(code)) return;
      setBusy(true);
      try {
        await handleRef.current(code);
      } finally {
        gate.done();
        setBusy(false);
      }
    },
    [gate],
  );

  const typed = useCallback(
    (code: string) => {
      gate.forget();
      return scan(code);
    },
    [gate, scan],
  );

  return { busy, scan, typed };
}
