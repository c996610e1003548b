import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { useDismiss } from '#web/hooks/use-dismiss.ts';
import { useNewPageStart } from '#web/hooks/use-new-page-start.ts';
import { isMainHost } from '#web/lib/hosts.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { RouteError } from '../routes/route-error';
import { CategoriesSidebar } from './categories-sidebar';
import { Footer } from './footer';
import { Header } from './header';
import { MenuSidebar } from './menu-sidebar';
import { PANEL_IDS, PANEL_TOGGLE_ATTRIBUTE, type Panel } from './panels';
import './app-layout.css';
import './sidebars.css';

/**
 * Storefronts (/seller/{id}…, and home on a seller's own domain) are the seller's own branded
 * page: no marketplace header there.
 */
function isStorefront(pathname: string): boolean {
  return pathname.startsWith('/seller/') || (pathname === '/' && !isMainHost());
}

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [openPanel, setOpenPanel] = useState<Panel | null>(null);
  const [panelPath, setPanelPath] = useState(pathname);
  const categoriesRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const openRef = openPanel === 'menu' ? menuRef : categoriesRef;

  // A new page closes the panels.
  if (panelPath !== pathname) {
    setPanelPath(pathname);
    setOpenPanel(null);
  }

  const mainRef = useRef<HTMLElement>(null);
  useNewPageStart(pathname, mainRef);

  /** Focuses the panel's toggle that is on screen (phones and wide screens each have their own). */
  function focusToggle(panel: Panel) {
    const toggles = document.querySelectorAll<HTMLElement>(
      `[${PANEL_TOGGLE_ATTRIBUTE}][aria-controls="${PANEL_IDS[panel]}"]`,
    );
    [...toggles].find((toggle) => toggle.getClientRects().length > 0)?.focus();
  }

  function closePanel(returnFocus: boolean) {
    if (openPanel && returnFocus) focusToggle(openPanel);
    setOpenPanel(null);
  }

  useDismiss(openPanel !== null, openRef, (reason) => closePanel(reason === 'escape'), {
    ignoreSelector: `[${PANEL_TOGGLE_ATTRIBUTE}]`,
  });

  // An opened panel takes the focus, so keyboard users land in it.
  useEffect(() => {
    if (openPanel) openRef.current?.focus();
  }, [openPanel, openRef]);

  function togglePanel(panel: Panel) {
    // Opening one panel closes the other.
    setOpenPanel((current) => (current === panel ? null : panel));
  }

  const storefront = isStorefront(pathname);
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('Skip to content')}
      </a>
      {!storefront && <Header openPanel={openPanel} onTogglePanel={togglePanel} />}
      <div className={storefront ? 'app-body is-storefront' : 'app-body'}>
        {!storefront && (
          <CategoriesSidebar
            ref={categoriesRef}
            open={openPanel === 'categories'}
            onClose={() => closePanel(true)}
            onNavigate={() => closePanel(false)}
          />
        )}
        <main ref={mainRef} id="main" className="app-main" tabIndex={-1}>
          {/* A crash or a failed chunk load shows inside the layout, so header and menus stay usable. */}
          <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
            <Suspense fallback={<LoadingBox />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      {!storefront && (
        <MenuSidebar
          ref={menuRef}
          open={openPanel === 'menu'}
          onClose={() => closePanel(true)}
          onNavigate={() => closePanel(false)}
        />
      )}
      {openPanel && <div className={`backdrop backdrop-${openPanel}`} aria-hidden="true" />}
      <Footer />
    </div>
  );
}
