import { auftragsstatusFarbe, materialstatusFarbe, type ServiceFarbe } from '@vario/contract';

/**
 * Colours of the task status and the material status (2-business-processes §4), as Mantine colours: the contract's
 * status tables (service-status.ts). "Light green" is Mantine's lime, "black" its dark palette, "secondary" gray.
 */
export type ServiceColor = ServiceFarbe;

/** The task status colour (SVC-030..036): every status not in a group is black. */
export const taskStatusColor = (status: string | number | null | undefined): ServiceColor => auftragsstatusFarbe(status);

/** The material status colour (SVC-037): every status not in a group is black. */
export const materialStatusColor = (status: string | number | null | undefined): ServiceColor => materialstatusFarbe(status);

/**
 * The shade a status colour is shown in: 8 (white text, ≥ 4.5:1 in the theme) for every colour but yellow, which at
 * shade 8 is a dark amber hardly told from orange; yellow is shown as yellow (shade 4, #ffd43b) with black text
 * (14:1), on light and dark backgrounds alike (SVC-035, SVC-037).
 */
export const statusShade = (color: ServiceColor) => (color === 'yellow' ? 4 : 8);
/** The CSS colour of a status (badges, the calendar's event stripe). */
export const statusCssColor = (color: ServiceColor) => `var(--mantine-color-${color}-${statusShade(color)})`;
/** The text on a status colour. */
export const statusTextColor = (color: ServiceColor) => (color === 'yellow' ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)');

/** The i18n key of a stock-transfer type (SVC-039): 1–8 have a name, everything else is "unknown". */
export function umlagerungTypKey(typ: number | null | undefined) {
  const known = ['pickup', 'trunkDelivery', 'customerDelivery', 'trunkRemoval', 'externalDelivery', 'deliveryPoint', 'deliveryRequest', 'dismantling'] as const;
  const name = typeof typ === 'number' && Number.isInteger(typ) && typ >= 1 && typ <= 8 ? known[typ - 1] : 'unknown';
  return `transferType.${name ?? 'unknown'}` as const;
}

/** Used time is red when it exceeds the estimated effort (SVC-038); both in minutes. */
export const overEstimate = (usedMinutes: number | null | undefined, estimatedMinutes: number | null | undefined) =>
  typeof usedMinutes === 'number' && typeof estimatedMinutes === 'number' && usedMinutes > estimatedMinutes;
