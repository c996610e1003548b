/**
 * Loads a route's page chunk ahead of a navigation. The router registers each lazily loaded
 * page's loader here; a feature awaits `preloadRoute(path)` before it navigates, so the next page
 * renders as soon as the URL changes instead of the old page staying on screen (a navigation is
 * a transition: React keeps the old page up while the new one's chunk loads).
 */
import { matchPath } from 'react-router';

type ModuleLoader = () => Promise<unknown>;

const routeLoaders: { pattern: string; load: ModuleLoader }[] = [];

/** Called by the router for each lazily loaded page it has. */
export function registerRouteModule(pattern: string, load: ModuleLoader): void {
  routeLoaders.push({ pattern, load });
}

/**
 * Loads the chunk of every route matching `path`. Never rejects: a chunk that fails to load here
 * fails again on the navigation, where the error boundary shows it.
 */
export async function preloadRoute(path: string): Promise<void> {
  const pathname = path.split(/[?#]/)[0] ?? path;
  const loads = routeLoaders.filter(({ pattern }) => matchPath(pattern, pathname)).map(({ load }) => load());
  await Promise.allSettled(loads);
}
