import { Box, Loader, Overlay, Stack, Transition } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { SessionDialog } from '../auth/SessionDialog';
import { Logo } from './Logo';

export const START_SPINNER_MS = 1200;

/** Milliseconds of the start spinner still to show: 1.2 s counted from the page's start, not from the first render. */
const spinnerLeft = () => START_SPINNER_MS - performance.now();

/** `<html data-started>` once the spinner has gone (or was not needed): the app takes input from then on. */
const markStarted = () => document.documentElement.setAttribute('data-started', '');

/**
 * The full-screen spinner of the first 1.2 s (APP-007). The time counts from the page's start: when the first screen
 * renders later (its chunks still loading), the spinner shows only for what is left of the 1.2 s.
 */
function StartSpinner() {
  const [visible, setVisible] = useState(() => spinnerLeft() > 0);
  const shown = useRef(visible);
  useEffect(() => {
    if (!shown.current) return markStarted();
    const timer = setTimeout(() => setVisible(false), Math.max(0, spinnerLeft()));
    return () => clearTimeout(timer);
  }, []);
  return (
    <Transition mounted={visible} transition="fade" duration={200} onExited={markStarted}>
      {(style) => (
        <Overlay fixed zIndex={5000} backgroundOpacity={1} color="var(--mantine-color-body)" style={style} data-testid="start-spinner">
          <Stack h="100%" align="center" justify="center" gap="lg">
            <Logo size={48} />
            <Loader size="sm" />
          </Stack>
        </Overlay>
      )}
    </Transition>
  );
}

export function RootLayout() {
  return (
    <Box>
      <Outlet />
      <SessionDialog />
      <StartSpinner />
    </Box>
  );
}
