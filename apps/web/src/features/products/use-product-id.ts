import { useParams } from '@tanstack/react-router';
import { useProduct } from './api';

/** The product id of the current route (null for `new`) and its record. */
export function useProductFromRoute() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const product = useProduct(id);
  return { id, product: product.data, query: product };
}
