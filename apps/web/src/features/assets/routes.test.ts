import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { mountedBackLink, type ResolvedMount } from '@/components/record-page/route-mount';
import { ASSETS_ON_THEIR_OWN, createAssetRoutes } from './routes';

/** One route tree with the asset set twice: on its own at /assets and below an address record, as a tab would mount it. */
function buildRouter(url: string) {
  const root = createRootRoute();
  const addressRecord = createRoute({ getParentRoute: () => root, path: '/addresses/$id' });
  const tree = root.addChildren([
    ...createAssetRoutes(root, ASSETS_ON_THEIR_OWN),
    addressRecord.addChildren([
      ...createAssetRoutes(addressRecord, {
        basePath: '/assets',
        idParam: 'assetId',
        back: { routeName: '/addresses/$id/masterdata', params: { id: '$id' }, label: 'Adresse' },
      }),
    ]),
  ]);
  return createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [url] }) });
}

async function load(url: string) {
  const router = buildRouter(url);
  await router.load();
  const last = router.state.matches.at(-1);
  const mount = (last?.context as { routeMount?: ResolvedMount } | undefined)?.routeMount;
  return { router, last, mount };
}

// the first load transforms the lazily loaded screens (a few seconds on a busy machine)
describe('a mounted route set', { timeout: 60_000 }, () => {
  it('serves the asset record on its own, with the list as back link', async () => {
    const { last, mount } = await load('/assets/3/masterdata');
    expect(last?.fullPath).toBe('/assets/$id/masterdata');
    expect(last?.params).toEqual({ id: '3' });
    expect(mount).toEqual({ listPath: '/assets', idParam: 'id', back: null });
    expect(mountedBackLink({}, mount as ResolvedMount, { label: 'Assets' })).toEqual({ to: '/assets', label: 'Assets' });
  });

  it('serves the same screens below an address, with the address as back link and its own list path', async () => {
    const { last, mount } = await load('/addresses/7/assets/3/files');
    expect(last?.fullPath).toBe('/addresses/$id/assets/$assetId/files');
    expect(last?.params).toEqual({ id: '7', assetId: '3' });
    expect(mount?.listPath).toBe('/addresses/7/assets');
    expect(mount?.idParam).toBe('assetId');
    expect(mountedBackLink({}, mount as ResolvedMount, { label: 'Assets' })).toEqual({ to: '/addresses/7/masterdata', label: 'Adresse' });
    // a back link in the search still wins
    expect(mountedBackLink({ backRouteName: '/home' }, mount as ResolvedMount, { label: 'Assets' })).toEqual({ to: '/home', label: 'Assets' });
  });

  it('gives the list below an address its own path, so its rows open the records below the address', async () => {
    const list = await load('/addresses/7/assets');
    expect(list.last?.fullPath).toBe('/addresses/$id/assets');
    expect(list.mount?.listPath).toBe('/addresses/7/assets');
    const own = await load('/assets');
    expect(own.mount?.listPath).toBe('/assets');
  });
});
