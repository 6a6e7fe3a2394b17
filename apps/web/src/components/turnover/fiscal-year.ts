import { WIRTSCHAFTSJAHR_PARAMETER, wirtschaftsjahrBeginn } from '@vario/contract';
import { prefetchSystemParameters, useSystemParameter } from '@/components/form/lookups';

/** Fiscal-year start month 1..12 from the system parameter, default 1 (ADR-022, STAT-005). */
export function useFiscalYearStart(): number {
  return wirtschaftsjahrBeginn(useSystemParameter(WIRTSCHAFTSJAHR_PARAMETER).data);
}

export const prefetchFiscalYearStart = () => prefetchSystemParameters(WIRTSCHAFTSJAHR_PARAMETER);
