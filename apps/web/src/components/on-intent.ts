import { useState } from 'react';

/**
 * A part of the shell the user opens rarely (account menu, "new item" menu, a navigation group) loads its code only
 * when the user reaches for it: pointing at or focusing its button fetches the chunk, a click opens it. Until then a
 * light button of the same look stands in, so the first load carries no menu, popover or positioning code.
 */
export function useOnIntent(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  return {
    open,
    intent: {
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => void load().then(() => setOpen(true)),
    },
  };
}
