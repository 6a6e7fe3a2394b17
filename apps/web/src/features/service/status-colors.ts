/**
 * Colours of the task status and the material status (2-business-processes §4), as Mantine colours. "Light green" is
 * Mantine's lime, "black" its dark palette, "secondary" gray.
 */
export type ServiceColor = 'blue' | 'teal' | 'lime' | 'orange' | 'green' | 'yellow' | 'red' | 'gray' | 'dark';

const TASK_GROUPS: readonly [ServiceColor, readonly string[]][] = [
  // SVC-030
  ['blue', ['00', '01', '11', '80', '85']],
  // SVC-031
  ['teal', ['02', '03', '04', '05', '07']],
  // SVC-032
  ['lime', ['06', '08', '09', '86']],
  // SVC-033
  ['orange', ['10']],
  // SVC-034
  ['green', ['12', '98', '91']],
  // SVC-035
  ['yellow', ['19', '21', '22', '50']],
];

const MATERIAL_GROUPS: readonly [ServiceColor, readonly string[]][] = [
  // SVC-037
  ['gray', ['10']],
  ['red', ['13']],
  ['yellow', ['15']],
  ['orange', ['17']],
  ['teal', ['25', '27']],
  ['green', ['19', '29']],
];

/** Status codes are two digits; a number or a one-digit text ("1") is read as its two-digit code. */
const code = (status: string | number | null | undefined) => (status === null || status === undefined ? '' : String(status).trim().padStart(2, '0'));

/** The task status colour (SVC-030..036): every status not in a group is black. */
export function taskStatusColor(status: string | number | null | undefined): ServiceColor {
  const c = code(status);
  return TASK_GROUPS.find(([, codes]) => codes.includes(c))?.[0] ?? 'dark';
}

/** The material status colour (SVC-037): every status not in a group is black. */
export function materialStatusColor(status: string | number | null | undefined): ServiceColor {
  const c = code(status);
  return MATERIAL_GROUPS.find(([, codes]) => codes.includes(c))?.[0] ?? 'dark';
}

/** The i18n key of a stock-transfer type (SVC-039): 1–8 have a name, everything else is "unknown". */
export function umlagerungTypKey(typ: number | null | undefined) {
  const known = ['pickup', 'trunkDelivery', 'customerDelivery', 'trunkRemoval', 'externalDelivery', 'deliveryPoint', 'deliveryRequest', 'dismantling'] as const;
  const name = typeof typ === 'number' && Number.isInteger(typ) && typ >= 1 && typ <= 8 ? known[typ - 1] : 'unknown';
  return `transferType.${name ?? 'unknown'}` as const;
}

/** Used time is red when it exceeds the estimated effort (SVC-038); both in minutes. */
export const overEstimate = (usedMinutes: number | null | undefined, estimatedMinutes: number | null | undefined) =>
  typeof usedMinutes === 'number' && typeof estimatedMinutes === 'number' && usedMinutes > estimatedMinutes;
