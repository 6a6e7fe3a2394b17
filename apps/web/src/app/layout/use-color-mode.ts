import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useSaveUserParameter, useUserParameter } from '@/features/settings/api';

/** Dark/light from the user parameter `darkmode` (APP-090, APP-091); light by default. */
export function useColorMode() {
  const { value: dark, isLoading } = useUserParameter('darkmode');
  const save = useSaveUserParameter('darkmode');
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!isLoading) setColorScheme(dark ? 'dark' : 'light');
  }, [dark, isLoading, setColorScheme]);
  return { dark, setDark: (next: boolean) => save.mutate(next) };
}
