import { lazy } from 'react';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { currentHostname } from '#web/lib/hosts.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { NO_DOMAIN_SELLER, useDomainSeller } from '../api/get-domain-seller';
import './domain-storefront.css';

// The storefront (with DOMPurify) loads only on a seller's domain, never with the marketplace home.
const Storefront = lazy(async () => ({ default: (await import('../pages/storefront-page')).Storefront }));

/**
 * Home on a host that is not the marketplace's (spec section 2, Home): that domain's seller's
 * storefront. The server resolved the seller and wrote it into the page, so it shows at once;
 * only a page without that (the dev server) asks and shows nothing until it knows. A domain no
 * seller owns (or a failed lookup) shows a short notice.
 */
export function DomainStorefront() {
  const hostname = currentHostname();
  const owner = useDomainSeller(hostname);
  if (owner.isPending) return null;
  if (owner.isError || owner.data === NO_DOMAIN_SELLER) return <NoShopHere hostname={hostname} />;
  const sellerId = owner.data;
  return (
    <Storefront
      sellerId={sellerId}
      page={1}
      pageHref={(n) => `/seller/${encodeURIComponent(sellerId)}/pageNumber/${n}`}
    />
  );
}

function NoShopHere({ hostname }: { hostname: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('No shop here'));
  return (
    <section className="page no-shop-here">
      <h1>{t('No shop here')}</h1>
      <MessageBox>{t('There is no Torget shop at {{hostname}}.', { hostname })}</MessageBox>
    </section>
  );
}
