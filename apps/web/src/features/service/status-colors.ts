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

/** The i18n key of a stock-transfer type (SVC-039): 1–8 have a name, everything else is "unknown". */
export function umlagerungTypKey(typ: number | null | undefined) {
  const known = ['pickup', 'trunkDelivery', 'customerDelivery', 'trunkRemoval', 'externalDelivery', 'deliveryPoint', 'deliveryRequest', 'dismantling'] as const;
  const name = typeof typ === 'number' && Number.isInteger(typ) && typ >= 1 && typ <= 8 ? known[typ - 1] : 'unknown';
  return `transferType.${name ?? 'unknown'}` as const;
}

/** Used time is red when it exceeds the estimated effort (SVC-038); both in minutes. */
export const overEstimate = (usedMinutes: number | null | undefined, estimatedMinutes: number | null | undefined) =>
  typeof usedMinutes === 'number' && typeof estimatedMinutes === 'number' && usedMinutes > estimatedMinutes;
