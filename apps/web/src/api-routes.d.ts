declare module 'virtual:api-routes' {
  import type { EndpointName, Method } from '@vario/contract';

  const routes: Record<EndpointName, { method: Method; path: string }>;
  export default routes;
}
