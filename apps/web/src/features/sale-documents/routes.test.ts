import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { mountedBackLink, type ResolvedMount } from '@/components/record-page/route-mount';
import { createSaleDocumentRoutes, SALE_DOCUMENTS_ON_THEIR_OWN, validateSaleDocumentSearch } from './routes';

/** The set twice, as the app mounts it: on its own at /saleDocument and as the saleDocuments tab of an address. */
function buildRouter(url: string) {
  const root = createRootRoute();
  const addressRecord = createRoute({ getParentRoute: () => root, path: '/addresses/$id' });
  const [list, record] = createSaleDocumentRoutes(addressRecord, root, {
    basePath: '/saleDocuments',
    idParam: 'documentId',
    recordPrefix: '/addresses/$id',
    back: { routeName: '/addresses/$id/saleDocuments', params: { id: '$id' }, label: 'Adresse' },
  });
  const tree = root.addChildren([...createSaleDocumentRoutes(root, root, SALE_DOCUMENTS_ON_THEIR_OWN), record, addressRecord.addChildren([list])]);
  return createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [url] }) });
}

async function load(url: string) {
  const router = buildRouter(url);
  await router.load();
  const last = router.state.matches.at(-1);
  const mount = (last?.context as { routeMount?: ResolvedMount } | undefined)?.routeMount;
  return { router, last, mount };
}

describe('sale-document routes', { timeout: 60_000 }, () => {
  it('[BEL-001] [BEL-003] [BEL-005] serve the list, the tabs, the position routes and the scanner on their own', async () => {
    expect((await load('/saleDocument')).last?.fullPath).toBe('/saleDocument');
    // new: the record page with the id 'new' (its bare path leads to the head)
    expect((await load('/saleDocument/new/documentHead')).last?.params).toMatchObject({ id: 'new' });
    expect((await load('/saleDocument/5/positions')).last?.fullPath).toBe('/saleDocument/$id/positions/');
    const head = await load('/saleDocument/5/documentHead');
    expect(head.last?.fullPath).toBe('/saleDocument/$id/documentHead');
    expect(head.mount).toEqual({ listPath: '/saleDocument', idParam: 'id', back: null });
    expect((await load('/saleDocument/5/positions/all')).last?.fullPath).toBe('/saleDocument/$id/positions/all');
    expect((await load('/saleDocument/5/positions/9')).last?.params).toEqual({ id: '5', positionId: '9' });
    expect((await load('/saleDocument/5/scanner')).last?.fullPath).toBe('/saleDocument/$id/scanner');
  });

  it('serve the same set below an address: the list inside its tab, the record with the address as back link', async () => {
    const list = await load('/addresses/7/saleDocuments');
    expect(list.last?.fullPath).toBe('/addresses/$id/saleDocuments');
    expect(list.mount?.listPath).toBe('/addresses/7/saleDocuments');
    const rec = await load('/addresses/7/saleDocuments/5/positions');
    expect(rec.last?.fullPath).toBe('/addresses/$id/saleDocuments/$documentId/positions/');
    expect(rec.last?.params).toEqual({ id: '7', documentId: '5' });
    expect(rec.mount?.idParam).toBe('documentId');
    expect(mountedBackLink({}, rec.mount as ResolvedMount, { label: 'Belege' })).toEqual({ to: '/addresses/7/saleDocuments', label: 'Adresse' });
  });

  it('take the new document query and the back link from the search', () => {
    expect(validateSaleDocumentSearch({ id: '12', type: '0200', dealId: 3, backRouteName: '/deals/$id', x: 1 })).toEqual({
      id: 12,
      type: '0200',
      dealId: 3,
      backRouteName: '/deals/$id',
    });
    expect(validateSaleDocumentSearch({ id: 'abc', type: 'x' })).toEqual({});
  });
});
