import { createRootRoute, createRoute, redirect } from '@tanstack/react-router';
import { tokenStore } from '@/lib/api/token';

/**
 * The root and the signed-in frame of the route tree, without their components: features hang their route factories
 * below `appRoute` and import its type from here, not from the router (no feature → app → feature circle). The router
 * (`app/router.tsx`) attaches the layouts.
 */
export const rootRoute = createRootRoute();

/** The reads the signed-in frame waits for before it renders (app/router.tsx lists them); each swallows its own failure. */
export const frameLoaders: (() => Promise<void>)[] = [];

/** Every screen of the signed-in app; without a token the path is remembered and login opens (APP-021, APP-022). */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!tokenStore.get()) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
  },
  // what the frame shows at once (the user, the colour scheme …) is read before the first signed-in screen renders
  loader: () => Promise.all(frameLoaders.map((load) => load())),
});

export type AppRoute = typeof appRoute;
