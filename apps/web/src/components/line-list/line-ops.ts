/** The writes of an editable line list; each answers when the server has the change. */
export interface LineMutations<L, D> {
  add: (draft: D, index: number) => Promise<unknown>;
  change: (line: L, draft: D) => Promise<unknown>;
  /** Moves a line to `toIndex` of the list as it is shown. */
  move?: (line: L, toIndex: number, lines: readonly L[]) => Promise<unknown>;
  remove: (line: L) => Promise<unknown>;
}

/** `lines` with the line at `from` moved to `to` (both in range; otherwise the same order). */
export function moveLine<L>(lines: readonly L[], from: number, to: number): L[] {
  const out = [...lines];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [line] = out.splice(from, 1);
  out.splice(to, 0, line as L);
  return out;
}

/**
 * Each write followed by a refresh of the lines and their totals, which the server computes: the list never shows a
 * total it calculated itself. A failed write refreshes too (another user may have changed the lines) and rethrows.
 */
export function withRefresh<L, D>(m: LineMutations<L, D>, refresh: () => Promise<unknown>): Required<LineMutations<L, D>> {
  const then =
    <A extends unknown[]>(write: (...args: A) => Promise<unknown>) =>
    async (...args: A) => {
      try {
        return await write(...args);
      } finally {
        await refresh();
      }
    };
  const move = m.move;
  return {
    add: then(m.add),
    change: then(m.change),
    move: move ? then(move) : async () => undefined,
    remove: then(m.remove),
  };
}
