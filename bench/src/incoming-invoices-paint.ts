import { gridRowsPaint } from './addresses-paint';

/** Milliseconds from navigation start to the first painted grid rows of /incomingInvoiceVerification (issue 25 item 11). */
export function firstRowsPaint(baseUrl: string, token: string): Promise<number[]> {
  return gridRowsPaint('/incomingInvoiceVerification', baseUrl, token);
}
