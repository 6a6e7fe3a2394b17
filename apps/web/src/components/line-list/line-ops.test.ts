import { describe, expect, it } from 'vitest';
import { moveLine, withRefresh } from './line-ops';

describe('line list writes', () => {
  it('moves a line up and down and leaves out-of-range moves alone', () => {
    expect(moveLine(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveLine(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveLine(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveLine(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('refreshes lines and server totals after every write, also after a failed one', async () => {
    const log: string[] = [];
    const ops = withRefresh<string, string>(
      {
        add: async (d, i) => log.push(`add ${d}@${i}`),
        change: async (l, d) => log.push(`change ${l}→${d}`),
        move: async (l, i) => log.push(`move ${l}→${i}`),
        remove: async () => {
          log.push('remove');
          throw new Error('409');
        },
      },
      async () => log.push('refresh'),
    );
    await ops.add('x', 2);
    await ops.change('a', 'b');
    await ops.move('a', 0, []);
    await expect(ops.remove('a')).rejects.toThrow('409');
    expect(log).toEqual(['add x@2', 'refresh', 'change a→b', 'refresh', 'move a→0', 'refresh', 'remove', 'refresh']);
  });
});
