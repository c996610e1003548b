/** The shared list of admin screens (which leave a seller's domain) against the router's admin guard. */
import { readFileSync } from 'node:fs';
import { ADMIN_PAGE_PATTERNS } from '@torget/shared/rules/page-paths';
import { describe, expect, it } from 'vitest';

const ROUTER = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');

/** The `path` of every <Route> nested in the <Route> whose element is `guard`. */
function pathsUnder(guard: string): string[] {
  const start = ROUTER.indexOf(`<Route element={<${guard} />}>`);
  if (start === -1) throw new Error(`no ${guard} in the router`);
  const end = ROUTER.indexOf('</Route>', start);
  return [...ROUTER.slice(start, end).matchAll(/<Route[^>]*\bpath="([^"]+)"/g)].map((m) => m[1] ?? '');
}

describe('ADMIN_PAGE_PATTERNS', () => {
  it('are exactly the routes behind the admin guard', () => {
    const admin = pathsUnder('RequireAdmin');
    expect(admin.length).toBeGreaterThan(5);
    expect(new Set(ADMIN_PAGE_PATTERNS)).toEqual(new Set(admin));
  });
});
