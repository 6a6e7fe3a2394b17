/** Query-key factory: every feature builds its keys from here, so invalidation can target a whole area. */
export const createQueryKeys = <Area extends string>(area: Area) => ({
  all: [area] as const,
  lists: () => [area, 'list'] as const,
  list: (query: object) => [area, 'list', query] as const,
  details: () => [area, 'detail'] as const,
  detail: (id: number | string) => [area, 'detail', id] as const,
  custom: <T extends readonly unknown[]>(...parts: T) => [area, ...parts] as const,
});
