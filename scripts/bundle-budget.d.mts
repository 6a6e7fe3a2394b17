export interface RouteLoad {
  route: string;
  files: { file: string; gzip: number }[];
  gzip: number;
}
export declare const BUDGETS: Record<string, { target: number; ceiling: number }>;
export declare function routeLoad(routePath: string, dist?: string, opts?: { wide?: boolean }): RouteLoad;
export declare function checkBudgets(
  dist?: string,
  budgets?: Record<string, { target: number; ceiling: number }>,
): (RouteLoad & { target: number; ceiling: number; onTarget: boolean; ok: boolean })[];
