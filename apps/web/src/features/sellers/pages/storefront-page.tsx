import { DEFAULT_PUBLIC_PAGE_SIZE } from '@torget/shared/rules/catalog-query';
import { Link, useParams } from 'react-router';
import { useFileReport } from '#web/api/file-report.ts';
import { useProducts } from '#web/api/get-products.ts';
import { usePublicSeller } from '#web/api/get-seller.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { ProductCard } from '#web/components/product-card.tsx';
import { ReportButton } from '#web/components/report-dialog.tsx';
import { ShopFooter } from '#web/components/shop-footer.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { domainShop, isMainHost } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { shopStyle } from '#web/lib/shop-style.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { ShopBanner, ShopDescription, ShopLegalDetails } from '../components/storefront-parts';
import { useForeignHostRedirect } from '../hooks/use-foreign-host-redirect';
import '../storefront.css';

const EAGER_IMAGES = 4;

function ShopProducts({
  products,
  page,
  pageHref,
}: {
  products: ReturnType<typeof useProducts>;
  page: number;
  pageHref: (n: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="storefront-products" aria-labelledby="storefront-products-heading">
      <div className="storefront-inner">
        <h2 id="storefront-products-heading">{t('Products')}</h2>
        {products.isPending ? (
          <LoadingBox />
        ) : products.isError ? (
          <MessageBox variant="danger">{products.error.message}</MessageBox>
        ) : products.data.products.length === 0 ? (
          <MessageBox>{t('No Product Found')}</MessageBox>
        ) : (
          <div className={products.isPlaceholderData ? 'product-grid is-stale' : 'product-grid'}>
            {products.data.products.map((product, index) => (
              <ProductCard key={product._id} product={product} eager={index < EAGER_IMAGES} />
            ))}
          </div>
        )}
        {products.data && (
          <Pager page={page} pages={products.data.pages} hrefFor={pageHref} label={t('Shop product pages')} />
        )}
      </div>
    </section>
  );
}

interface StorefrontProps {
  sellerId: string;
  /** The product page shown, from 1. */
  page: number;
  /** The address of product page `n` (by id on the marketplace, by path on the seller's own domain). */
  pageHref: (n: number) => string;
}

/**
 * A seller's branded shop (spec section 2, Seller storefront): banner with optional background
 * image, optional logo, name, optional subtitle, sanitised description, the product grid with
 * numbered pages, and a footer with the shop's contact details, in the seller's own colours.
 */
export function Storefront({ sellerId, page, pageHref }: StorefrontProps) {
  const { t } = useTranslation();
  const seller = usePublicSeller(sellerId);
  // Both requests start at once, and the shop shows when both have answered: the product grid
  // arriving after the banner would push the footer (and everything below the grid) down.
  const products = useProducts({ seller: sellerId, pageNumber: page, pageSize: DEFAULT_PUBLIC_PAGE_SIZE });
  const shop = seller.data?.seller;
  useDocumentTitle(shop?.name);
  const home = isMainHost() && (
    <nav className="storefront-topbar" aria-label={t('Marketplace')}>
      <Link to="/" className="storefront-home">
        Torget
      </Link>
    </nav>
  );

  if (seller.isPending || (products.isPending && !seller.isError)) {
    return (
      <div className="storefront">
        {home}
        <div className="storefront-inner">
          <LoadingBox />
        </div>
      </div>
    );
  }
  if (seller.isError || !shop) {
    return (
      <div className="storefront">
        {home}
        <div className="storefront-inner storefront-error">
          <MessageBox variant="danger">{t(seller.error?.message ?? 'User Not Found')}</MessageBox>
        </div>
      </div>
    );
  }

  return (
    <div className="storefront" style={shopStyle(shop)}>
      {home}
      <ShopBanner shop={shop} />
      <ShopDescription shop={shop} />
      <ShopLegalDetails shop={shop} />
      <ShopReport sellerId={sellerId} name={shop.name} />
      <ShopProducts products={products} page={page} pageHref={pageHref} />
      {/* On the seller's own domain the shop's layout has the footer already. */}
      {domainShop()?._id !== sellerId && <ShopFooter seller={seller.data} />}
    </div>
  );
}

/** "Report" for the shop, to anyone but the shop's own seller. */
function ShopReport({ sellerId, name }: { sellerId: string; name: string }) {
  const { user } = useSession();
  const report = useFileReport(user !== null);
  if (user?._id === sellerId) return null;
  return (
    <div className="storefront-inner">
      <p className="report-line">
        <ReportButton
          kind="shop"
          name={name}
          signedIn={user !== null}
          send={(draft) => report.mutateAsync({ ...draft, seller: sellerId })}
        />
      </p>
    </div>
  );
}

/** /seller/{id} and /seller/{id}/pageNumber/{n}. */
export function StorefrontPage() {
  const { id = '', pageNumber } = useParams();
  if (useForeignHostRedirect(id)) return null;
  const page = Number(pageNumber);
  return (
    <Storefront
      sellerId={id}
      page={Number.isInteger(page) && page >= 1 ? page : 1}
      pageHref={(n) => `/seller/${encodeURIComponent(id)}/pageNumber/${n}`}
    />
  );
}
