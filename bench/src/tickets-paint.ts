import { gridRowsPaint } from './addresses-paint';

/** Milliseconds from navigation start to the first painted grid rows of /tickets (issue 22 item 13: p95 < 500 ms). */
export async function firstRowsPaint(baseUrl: string, token: string): Promise<number[]> {
  return gridRowsPaint('/tickets', baseUrl, token);
}
