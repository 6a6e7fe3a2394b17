import type { AgGridBody } from './AgGridBody';

let loaded: typeof AgGridBody | undefined;
let loading: Promise<typeof AgGridBody> | undefined;

/** AG Grid's chunk (its script and stylesheets, AgGridBody.tsx), fetched once. */
export function loadGrid(): Promise<typeof AgGridBody> {
  loading ??= import('./AgGridBody').then((m) => {
    loaded = m.AgGridBody;
    return m.AgGridBody;
  });
  return loading;
}

/** The grid component when its chunk is already there (then a list renders it without suspending once more). */
export const loadedGrid = () => loaded;

/** Phones show lists as cards (CardListBody) and never load AG Grid. */
export const PHONE_QUERY = '(max-width: 48em)';
const onPhone = () => typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches;

/**
 * A list screen's module together with AG Grid's chunk: a route's lazy component waits for both, fetched in parallel, so
 * the grid is not requested only after the screen has rendered.
 */
export const withGrid = <M>(screen: Promise<M>): Promise<M> => (onPhone() ? screen : Promise.all([screen, loadGrid()]).then(([m]) => m));
