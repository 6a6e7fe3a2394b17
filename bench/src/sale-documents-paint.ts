import { gridRowsPaint } from './addresses-paint';

/** Milliseconds from navigation start to the first painted grid rows of /saleDocument (issue 11 target: p95 < 500 ms). */
export async function firstRowsPaint(baseUrl: string, token: string): Promise<number[]> {
  return gridRowsPaint('/saleDocument', baseUrl, token);
}
