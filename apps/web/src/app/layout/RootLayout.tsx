import { Box, Loader, Overlay, Stack, Transition } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SessionDialog } from '../auth/SessionDialog';
import { Logo } from './Logo';

export const START_SPINNER_MS = 1200;

/** The full-screen spinner of the first 1.2 s (APP-007). */
function StartSpinner() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), START_SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Transition mounted={visible} transition="fade" duration={200}>
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
