import { useEffect } from 'react';
import { densityChoice } from '@/lib/density';
import { useUserParameter } from './api';

/** Keeps the app-wide density in step with the user parameter `density` (called once by the signed-in frame). */
export function useDensitySync() {
  const { value } = useUserParameter('density');
  useEffect(() => {
    densityChoice.set(value);
  }, [value]);
}
