declare module 'virtual:api-routes' {
  import type { EndpointName, Method } from '@vario/contract';

  const routes: Record<EndpointName, { method: Method; path: string }>;
  export default routes;
}

declare module 'virtual:form-meta/*' {
  import type { FieldsMeta } from '@/components/form/field-meta';

  const fields: FieldsMeta;
  export default fields;
}
