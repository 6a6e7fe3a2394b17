import { useMediaMatch } from './media';
import { createStore, useStore } from './store';

/** The user's density setting (parameter `density`): compact rows for office work, comfortable ones for touch. */
export type DensityChoice = 'auto' | 'compact' | 'comfortable';
export const DENSITY_CHOICES: readonly DensityChoice[] = ['auto', 'compact', 'comfortable'];
/** From this width on "auto" is compact: an office screen shows more columns and rows (issue 9 item 13). */
export const COMPACT_FROM_PX = 1280;
export const ROW_HEIGHT = { compact: 32, comfortable: 44 } as const;

/** Set from the user parameter by the signed-in frame; "auto" until it is read. */
export const densityChoice = createStore<DensityChoice>('auto');

export const parseDensity = (w: string): DensityChoice => (w === 'compact' || w === 'comfortable' ? w : 'auto');

/** Whether lists are drawn compact now: chosen so, or "auto" on a wide screen. */
export function useCompact(): boolean {
  const choice = useStore(densityChoice);
  // not window.innerWidth: read during render it forces a layout each time (~150 ms at a phone's CPU on a list's first load)
  const wide = useMediaMatch(`(min-width: ${COMPACT_FROM_PX}px)`);
  return choice === 'compact' || (choice === 'auto' && wide);
}

/** Row height of the data grids: ~32 px compact, 44 px comfortable. */
export const useGridRowHeight = () => ROW_HEIGHT[useCompact() ? 'compact' : 'comfortable'];
