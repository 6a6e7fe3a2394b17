import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`. */
export function useNow(everyMs: number) {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
