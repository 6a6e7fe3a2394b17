import { useEffect, useState } from 'react';

export const PULL_HINT_PX = 75;
export const PULL_RELOAD_PX = 175;

/** On touch devices: pulling down at the top shows a hint past 75 px and reloads past 175 px (APP-054, APP-055). */
export function usePullToRefresh(enabled: boolean) {
  // 0 none, 1 hint, 2 reload: the frame renders again only when this changes, not on every touch move
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let current = 0;
    const onStart = (e: TouchEvent) => {
      startY = window.scrollY <= 0 && e.touches.length === 1 ? (e.touches[0]?.clientY ?? null) : null;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      current = Math.max(0, (e.touches[0]?.clientY ?? startY) - startY);
      setLevel(current > PULL_RELOAD_PX ? 2 : current > PULL_HINT_PX ? 1 : 0);
    };
    const onEnd = () => {
      if (startY !== null && current > PULL_RELOAD_PX) window.location.reload();
      startY = null;
      current = 0;
      setLevel(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
    };
  }, [enabled]);
  return { hint: level >= 1, reload: level === 2 };
}
