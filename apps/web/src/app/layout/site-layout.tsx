import { isAdminPage } from '@torget/shared/rules/page-paths';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { domainShop, isMainHost, mainHostUrl } from '#web/lib/hosts.ts';
import { AppLayout } from './app-layout';

// Chosen once per page load, from the site the server wrote into index.html: the host of a page
// never changes while it lives. No request, so the first paint is already the right layout.
const shop = domainShop();
// The shop's frame is a chunk of its own, so the marketplace's first load does not carry it. On a
// shop's domain the server preloads it beside the entry script (apps/api/src/site/route-chunks.ts)
// and the import starts here, before the first render asks for it.
const shopLayout = shop ? import('./shop-layout') : null;
const ShopLayout = lazy(async () => ({ default: (await (shopLayout ?? import('./shop-layout'))).ShopLayout }));

/**
 * The frame of every page: on a seller's own domain the shop's own (shop-layout.tsx: its header,
 * cart, account menu and footer, no marketplace header, categories or admin menu); everywhere
 * else the marketplace's (app-layout.tsx). Admin screens are never shown off the marketplace: the
 * server answers a page load of one with a redirect, and this covers navigation inside the app.
 */
export function SiteLayout() {
  const { pathname, search } = useLocation();
  const leave = !isMainHost() && isAdminPage(pathname);
  useEffect(() => {
    if (leave) window.location.replace(mainHostUrl(`${pathname}${search}`));
  }, [leave, pathname, search]);
  if (leave) return null;
  if (!shop) return <AppLayout />;
  return (
    <Suspense fallback={null}>
      <ShopLayout seller={shop} />
    </Suspense>
  );
}
