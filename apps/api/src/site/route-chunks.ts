/**
 * Preloading a page's own screen. The web app loads each screen as a chunk of its own when its
 * route is first shown (apps/web/src/app/router.tsx), so a product page's browser would fetch
 * the entry script, run it, and only then ask for the product screen: one more round trip
 * before anything of the product shows. The server knows the path when it sends index.html, so
 * it names that screen's chunk (and the chunks it imports) with `<link rel="modulepreload">`
 * and the browser fetches them beside the entry script.
 *
 * Which chunk holds which screen comes from the build's manifest (dist/.vite/manifest.json,
 * `build.manifest` in apps/web/vite.config.ts); without one (tests, the dev server) nothing is
 * preloaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@torget/shared/rules/languages';

/** The screens worth preloading: the pages people arrive on from outside (links, search engines). */
export const ROUTE_SCREENS: readonly { path: RegExp; module: string }[] = [
  { path: /^\/product\/[^/]+\/?$/, module: 'src/features/catalog/pages/product-page.tsx' },
  { path: /^\/search(\/.*)?$/, module: 'src/features/catalog/pages/search-page.tsx' },
  { path: /^\/categories\/?$/, module: 'src/features/catalog/pages/categories-page.tsx' },
  { path: /^\/seller\/[^/]+(\/pageNumber\/[^/]+)?\/?$/, module: 'src/features/sellers/pages/storefront-page.tsx' },
  { path: /^\/seller_info_1\/?$/, module: 'src/features/info/pages/seller-info-1-page.tsx' },
  { path: /^\/seller_info_2\/?$/, module: 'src/features/info/pages/seller-info-2-page.tsx' },
];
/** The Swedish catalogue, a chunk of its own loaded before the first render of a Svenska page. */
const SWEDISH_CATALOGUE_MODULE = 'src/locales/sv.ts';
/** On a seller's own domain the home page is the shop's storefront. */
const SHOP_HOME_MODULE = 'src/features/sellers/pages/storefront-page.tsx';
/**
 * The frame of every page on a seller's own domain: a chunk of its own, so the marketplace's
 * first load does not carry it (apps/web/src/app/layout/site-layout.tsx).
 */
export const SHOP_LAYOUT_MODULE = 'src/app/layout/shop-layout.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteChunks {
  /** The preload tags of the screen shown at `pathname` ('' when none). */
  preloadTags(pathname: string, onShopDomain: boolean): string;
  /** The preload tags of a language's catalogue ('' for the bundled default). */
  languageTags(language: Language): string;
}

/**
 * The preload tags of `module`'s chunk and of the chunks it imports, the entry (already loading)
 * left out: scripts as module preloads, their style sheets as preloads (the app's loader then
 * adds them as style sheets when the screen is shown, without blocking the first paint).
 */
function preloadsOf(manifest: Manifest, modules: readonly string[]): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const css of chunk.css ?? []) tags.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return tags;
}

export function routeChunks(webDist: string): RouteChunks {
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  // Built once: the same few tags for every request of a screen.
  const tagsOf = new Map<string, string>();
  const tags = (...modules: string[]) => {
    const key = modules.join(' ');
    let kept = tagsOf.get(key);
    if (kept === undefined) {
      kept = preloadsOf(manifest, modules).join('');
      tagsOf.set(key, kept);
    }
    return kept;
  };
  return {
    preloadTags(pathname, onShopDomain) {
      const home = pathname === '/' || pathname === '';
      const screen =
        onShopDomain && home ? SHOP_HOME_MODULE : ROUTE_SCREENS.find((route) => route.path.test(pathname))?.module;
      // A shop domain's page needs the shop's frame before anything shows: fetched beside the entry.
      const modules = [...(onShopDomain ? [SHOP_LAYOUT_MODULE] : []), ...(screen ? [screen] : [])];
      return modules.length > 0 ? tags(...modules) : '';
    },
    languageTags(language) {
      // The app's first render waits for this chunk (apps/web/src/main.tsx): fetched beside the
      // entry script, Svenska shows without a round trip more and without English first.
      return language === 'sv' ? tags(SWEDISH_CATALOGUE_MODULE) : '';
    },
  };
}
