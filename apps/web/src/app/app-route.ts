import { createRootRoute, createRoute, redirect } from '@tanstack/react-router';
import { tokenStore } from '@/lib/api/token';
import { prefetchMe } from './auth/session';

/**
 * The root and the signed-in frame of the route tree, without their components: features hang their route factories
 * below `appRoute` and import its type from here, not from the router (no feature → app → feature circle). The router
 * (`app/router.tsx`) attaches the layouts.
 */
export const rootRoute = createRootRoute();

/** Every screen of the signed-in app; without a token the path is remembered and login opens (APP-021, APP-022). */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!tokenStore.get()) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
  },
  loader: prefetchMe,
});

export type AppRoute = typeof appRoute;
