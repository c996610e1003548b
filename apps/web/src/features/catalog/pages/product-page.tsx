import type { ProductDetails, ProductVariant } from '@torget/shared/api-types.generated';
import { PRODUCT_PAGE_IMAGE_SIZES } from '@torget/shared/rules/images';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useFileReport } from '#web/api/file-report.ts';
import { useProduct } from '#web/api/get-product.ts';
import { usePublicSeller } from '#web/api/get-seller.ts';
import { FavouriteButton } from '#web/components/favourite-button.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { ProductPrice } from '#web/components/product-price.tsx';
import { Rating } from '#web/components/rating.tsx';
import { ReportButton } from '#web/components/report-dialog.tsx';
import { RichText } from '#web/components/rich-text.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { mainHostUrl, productBelongsOnMainHost } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { ProductGallery } from '../components/product-gallery';
import { ReviewList } from '../components/review-list';
import { VariantPicker } from '../components/variant-picker';
import { reviewGroups } from '../utils/review-groups';
import { type Choice, chosenVariant, initialChoice } from '../utils/variant-choice';
import '../product-page.css';
import '../reviews.css';

// The review form (with the shared payload schemas and zod) loads only for a signed-in
// visitor: most visitors read the page and never write a review, and on a phone that script
// was most of the product page's blocking time.
const ReviewForm = lazy(async () => ({ default: (await import('../components/review-form')).ReviewForm }));

/**
 * Descriptions written in the rich-text editor are HTML; older ones are plain text,
 * shown as they were typed (line breaks kept).
 */
const looksLikeHtml = (text: string) => /^\s*<(p|h[2-4]|ul|ol|blockquote)[\s>]/i.test(text);

/** 'Back to results': one step back in history, or home when the product page was the first page. */
function BackLink() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // React Router gives the first page of a visit the key 'default'; then there is nothing to go back to.
  const canGoBack = location.key !== 'default';
  return (
    <Link
      to="/"
      className="back-link"
      onClick={(event) => {
        if (!canGoBack) return;
        event.preventDefault();
        navigate(-1);
      }}
    >
      {t('Back to results')}
    </Link>
  );
}

/** The variant chosen on the page of a product with variants, and how to choose another. */
interface VariantChoice {
  choice: Choice;
  variant: ProductVariant | null;
  onChoose: (choice: Choice) => void;
}

/**
 * Price, shipping, status, quantity and Add to Cart. For a product with variants, the options
 * come first; price, status and quantity follow the variant chosen, and Add to Cart waits for one.
 */
function BuyBox({ product, picked }: { product: ProductDetails; picked: VariantChoice | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [qty, setQty] = useState(1);
  const variant = picked?.variant ?? null;
  const stock = variant ? variant.countInStock : product.countInStock;
  const inStock = stock > 0;
  const waiting = picked !== null && variant === null;
  return (
    <div className="card buy-box">
      {picked && <VariantPicker product={product} choice={picked.choice} onChoose={picked.onChoose} />}
      <dl className="buy-box-facts">
        <div>
          <dt>{t('Price')}</dt>
          <dd>
            {/* A variant's own price stands alone; otherwise the product's, with its sale and the
                30-day line (shown here on phones only, where the price above is not). */}
            {variant?.price != null ? (
              <span className="price">{format.price(variant.price)}</span>
            ) : (
              <ProductPrice product={product} className="price" />
            )}
          </dd>
          {/* Beside the price, not in it: the price's own text stays the amount alone. */}
          <dd className="price-vat-note">{t('incl. {{rate}}% VAT', { rate: product.vatRate })}</dd>
        </div>
        {product.shipping_price > 0 && (
          <div>
            <dt>{t('Shipping')}</dt>
            <dd>{t('{{price}} per item', { price: format.price(product.shipping_price) })}</dd>
          </div>
        )}
        <div>
          <dt>{t('Status')}</dt>
          <dd className={inStock ? 'status-in-stock' : 'status-unavailable'} aria-live="polite">
            {inStock ? t('In Stock') : t('Unavailable')}
          </dd>
        </div>
      </dl>
      {product.shipping_info !== '' && <p className="shipping-info">{product.shipping_info}</p>}
      {inStock && (
        <>
          <div className="qty-field">
            <label htmlFor="product-qty">{t('Quantity')}</label>
            <select
              className="select-input"
              id="product-qty"
              value={Math.min(qty, stock)}
              onChange={(event) => setQty(Number(event.target.value))}
            >
              {Array.from({ length: stock }, (_, index) => index + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          {waiting && (
            <p className="form-hint" id="variant-needed">
              {t('Choose {{options}} to add it to the cart.', {
                options: product.options.map((option) => option.name).join(t(' and ')),
              })}
            </p>
          )}
          <button
            type="button"
            className="button button-accent button-block"
            disabled={waiting}
            aria-describedby={waiting ? 'variant-needed' : undefined}
            onClick={() =>
              navigate(
                variant
                  ? `/cart/${product._id}/${Math.min(qty, stock)}?variant=${variant._id}`
                  : `/cart/${product._id}/${qty}`,
              )
            }
          >
            {t('Add to Cart')}
          </button>
        </>
      )}
    </div>
  );
}

function SellerBox({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const { seller } = product;
  return (
    <section className="card seller-box" aria-labelledby="seller-box-heading">
      <h2 id="seller-box-heading" className="seller-box-heading">
        {t('Seller')}
      </h2>
      <Link to={`/seller/${seller._id}`} className="seller-box-name">
        {seller.seller.name || seller.name}
      </Link>
      <Rating value={seller.seller.rating} numReviews={seller.seller.numReviews} />
      <SellerLegalSummary sellerId={seller._id} />
    </section>
  );
}

/**
 * The seller's legal details (docs/decisions/260-seller-identity.md) from their public profile,
 * the storefront's own answer shared in the query cache (the product JSON carries only the
 * seller's brief): "Business" and the organisation number, or "Private person" and the warning.
 */
function SellerLegalSummary({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation();
  const shop = usePublicSeller(sellerId).data?.seller;
  if (shop?.type === 'business') {
    return (
      <p className="seller-box-legal">
        <strong>{t('Business')}</strong>
        {shop.organisation_number !== '' && (
          <span>{t('Organisation number: {{number}}', { number: shop.organisation_number })}</span>
        )}
      </p>
    );
  }
  if (shop?.type !== 'private') return null;
  return (
    <>
      <p className="seller-box-legal">
        <strong>{t('Private person')}</strong>
      </p>
      <p className="seller-box-warning" role="note">
        {t(
          'This seller is a private person. Consumer-law rights, such as the right of withdrawal, do not apply to purchases from a private seller.',
        )}
      </p>
    </>
  );
}

function ProductView({ product }: { product: ProductDetails }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { user } = useSession();
  useDocumentTitle(product.name);
  const reviews = reviewGroups(product.reviews);
  const [choice, setChoice] = useState(() => initialChoice(product));
  const variant = chosenVariant(product, choice);
  // A product without variants (or an answer from before them) is bought as before.
  const picked = (product.variants ?? []).length > 0 ? { choice, variant, onChoose: setChoice } : null;
  return (
    <>
      {product.isDraft && (
        <MessageBox>
          {t('Utkast: this draft is shown to nobody but its seller and admins until it is saved for sale.')}
        </MessageBox>
      )}
      {product.removed ? (
        <MessageBox variant="danger">
          {t('Removed by moderation: this product is shown to nobody but its seller and admins.')}
        </MessageBox>
      ) : (
        product.hidden && (
          <MessageBox>
            {t('Hidden: this product is shown to nobody but its seller and admins until it is shown again.')}
          </MessageBox>
        )
      )}
      <div className="product-layout">
        <ProductGallery
          images={product.images.length > 0 ? product.images : [product.image]}
          name={product.name}
          sizes={PRODUCT_PAGE_IMAGE_SIZES}
          showImage={variant?.image ?? null}
        />
        <div className="product-info">
          <h1 className="product-name" lang="sv">
            {product.name}
          </h1>
          {/* The rating and Save share a line, so a phone's first screen still reaches Add to Cart. */}
          <div className="product-rating-row">
            <Rating value={product.rating} numReviews={product.numReviews} />
            {!product.isDraft && (
              <div className="product-favourite">
                <FavouriteButton productId={product._id} productName={product.name} withText />
              </div>
            )}
          </div>
          <div className="product-price">
            {variant?.price != null ? (
              <p className="price">{format.price(variant.price)}</p>
            ) : (
              <ProductPrice product={product} className="price" />
            )}
          </div>
          <p className="price-vat-note product-price-vat">{t('incl. {{rate}}% VAT', { rate: product.vatRate })}</p>
          {product.description !== '' && (
            <div className="product-description" lang="sv">
              <h2 className="visually-hidden" lang={i18n.language}>
                {t('Description')}
              </h2>
              {looksLikeHtml(product.description) ? (
                <RichText html={product.description} />
              ) : (
                <p>{product.description}</p>
              )}
            </div>
          )}
          {(product.brand !== '' || product.category !== '') && (
            <p className="muted product-meta">
              {[product.brand, product.category].filter((part) => part !== '').join(' · ')}
            </p>
          )}
        </div>
        <div className="product-aside">
          <SellerBox product={product} />
          <BuyBox product={product} picked={picked} />
        </div>
      </div>
      {/* Below the product rather than beside it: reporting is rare, buying is not. */}
      <ProductReport product={product} />
      <section className="reviews" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{t('Reviews')}</h2>
        <ReviewList reviews={reviews.rated} />
        {reviews.others.length > 0 && (
          <>
            <h3 className="reviews-others-heading">{t('Other reviews')}</h3>
            <ReviewList reviews={reviews.others} />
          </>
        )}
        {/* A draft cannot be bought, so nobody reviews it (its seller and admins see its page). */}
        {product.isDraft ? null : user ? (
          <Suspense fallback={<LoadingBox />}>
            <ReviewForm productId={product._id} userName={user.name} />
          </Suspense>
        ) : (
          <MessageBox>
            {t('Please')} <Link to="/signin">{t('Sign In')}</Link> {t('to write a review')}
          </MessageBox>
        )}
      </section>
    </>
  );
}

/** "Report" for a product on public view, to anyone but its own seller. */
function ProductReport({ product }: { product: ProductDetails }) {
  const { user } = useSession();
  const report = useFileReport(user !== null);
  if (product.isDraft || product.hidden || product.removed || user?._id === product.seller._id) return null;
  return (
    <p className="report-line">
      <ReportButton
        kind="product"
        name={product.name}
        signedIn={user !== null}
        send={(draft) => report.mutateAsync({ ...draft, product: product._id })}
      />
    </p>
  );
}

/** /product/{id} (spec section 2, Product page). */
export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  // Another seller's product on a seller's domain is on the marketplace. The server
  // redirects a page load; this covers a link followed inside the app.
  const elsewhere = product.data !== undefined && productBelongsOnMainHost(product.data.seller._id);
  useEffect(() => {
    if (elsewhere) window.location.replace(mainHostUrl(`/product/${encodeURIComponent(id)}`));
  }, [elsewhere, id]);
  if (elsewhere) return null;
  return (
    <article className="page product-page">
      <BackLink />
      {product.isPending ? (
        <LoadingBox />
      ) : product.isError ? (
        <MessageBox variant="danger">{product.error.message}</MessageBox>
      ) : (
        <ProductView key={product.data._id} product={product.data} />
      )}
    </article>
  );
}
