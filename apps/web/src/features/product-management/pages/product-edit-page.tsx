import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductDetails } from '@torget/shared/api-types.generated';
import {
  isPublishable,
  PRODUCT_CHANGED,
  PRODUCT_INCOMPLETE,
  PRODUCT_LIMITS,
  productNumberLabel,
} from '@torget/shared/rules/catalog';
import { stockholmLocalOf } from '@torget/shared/rules/dates';
import { VAT_RATES } from '@torget/shared/rules/vat';
import { type ProductUpdate, productUpdateSchema } from '@torget/shared/schemas/catalog';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useMatch, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useProduct } from '#web/api/get-product.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { REPORT_CATEGORY_LABELS } from '#web/components/report-dialog.tsx';
import { RichTextEditor } from '#web/components/rich-text-editor.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formMessage } from '#web/lib/form-message.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { deleteProduct } from '../api/delete-product';
import { useProductRemoval } from '../api/get-removal';
import { useUpdateProduct } from '../api/update-product';
import { CategoryField } from '../components/category-field';
import { describedBy, FieldError } from '../components/field-error';
import { ImageGalleryField } from '../components/image-gallery-field';
import { PriceField } from '../components/price-field';
import { ProductStatusBadge } from '../components/product-status-badge';
import { SaleFields } from '../components/sale-fields';
import { StockField } from '../components/stock-field';
import { type VariantRow, VariantsField } from '../components/variants-field';
import '../product-management.css';
import '../product-editor.css';

/** What the form holds: the schema's input (texts as typed); submitting gives its output. */
type ProductForm = z.input<typeof productUpdateSchema>;

/** A product made by 'Create Product' and never saved since: the empty product of the API. */
function isNewProduct(product: ProductDetails): boolean {
  return product.name === 'New product' && product.price === 0 && product.createdAt === product.updatedAt;
}

/** An amount as a Swedish seller types it: "249,50"; nothing for a new product's 0. */
const kronor = (sek: number) => (sek === 0 ? '' : sek.toFixed(2).replace('.', ','));

/** The saved variants as the form's rows (amounts as typed, nothing for "none"). */
const variantRows = (product: ProductDetails): VariantRow[] =>
  (product.variants ?? []).map((variant) => ({
    _id: variant._id,
    values: variant.values,
    countInStock: String(variant.countInStock),
    price: variant.price === null ? '' : kronor(variant.price),
    sku: variant.sku ?? '',
    image: variant.image ?? '',
  }));

/** The sum of the rows' stock as typed (what the server saves as the product's). */
const stockSum = (rows: readonly VariantRow[]) =>
  rows.reduce((sum, row) => sum + (Number.isInteger(Number(row.countInStock)) ? Number(row.countInStock) : 0), 0);

function toFormValues(product: ProductDetails, fresh: boolean): ProductForm {
  return {
    name: fresh ? '' : product.name,
    price: kronor(product.price),
    image: product.image,
    images: product.images,
    category: product.category,
    brand: product.brand,
    countInStock: String(product.countInStock),
    description: product.description,
    shipping_price: product.shipping_price === 0 ? '0' : kronor(product.shipping_price),
    shipping_info: product.shipping_info,
    vatRate: String(product.vatRate),
    salePrice: product.salePrice === null ? '' : product.salePrice.toFixed(2).replace('.', ','),
    saleStartsAt: product.saleStartsAt === null ? '' : stockholmLocalOf(product.saleStartsAt),
    saleEndsAt: product.saleEndsAt === null ? '' : stockholmLocalOf(product.saleEndsAt),
    hidden: product.hidden,
    options: product.options ?? [],
    variants: variantRows(product),
    // The version the values were loaded from; a background refetch must not move it, or a
    // save could overwrite a sale the form never showed.
    version: product.version,
  };
}

/** Deletions of never-saved drafts waiting for the end of the tick, by product id. */
const leavingDrafts = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Deletes a draft made by 'Create Product' and never saved when its seller leaves the edit screen
 * unsaved (Cancel, the back link, the browser's back): it would otherwise wait a day for the
 * sweep. The deletion waits for the end of the tick and a form mounted again for the same product
 * in that time (React's development double mount, a reload after a 409) calls it off.
 */
function useDeleteDraftLeftUnsaved(id: string, active: boolean, saved: { current: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Called off before the `active` check: a save that lands in the cache before the form hears
    // of it makes the draft inactive, and the cleanup of the active run has just scheduled the
    // deletion of the product that was saved.
    const pending = leavingDrafts.get(id);
    if (pending !== undefined) clearTimeout(pending);
    leavingDrafts.delete(id);
    if (!active) return;
    return () => {
      if (saved.current) return;
      leavingDrafts.set(
        id,
        setTimeout(() => {
          leavingDrafts.delete(id);
          deleteProduct(id).then(
            () => queryClient.invalidateQueries({ queryKey: ['products'] }),
            // Already gone (another tab, the sweep): nothing to do.
            () => undefined,
          );
        }, 0),
      );
    };
  }, [id, active, saved, queryClient]);
}

/** The save was refused because the product changed since the form was loaded. */
const isStale = (error: Error) => error instanceof ApiRequestError && error.status === 409;

/** The first message of a variant row's field (a stock that is no whole number, a price too large). */
function firstRowError(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstRowError(value);
    if (found) return found;
  }
  return undefined;
}

interface ProductEditFormProps {
  product: ProductDetails;
  title: string;
  listPath: string;
  /** The product changed since the form was loaded (409): the page reloads it. */
  onStale: () => void;
  /** Delete the product when the form is left unsaved while it is a never-saved draft (its seller's screen). */
  dropUnsavedDraft: boolean;
}

/**
 * The product editor, checked in the browser by the same shared schema as on the
 * server: the main column holds what shoppers read (name, images, description), the side
 * column what the shop runs on (price, stock, category, shipping).
 */
function ProductEditForm({ product, title, listPath, onStale, dropUnsavedDraft }: ProductEditFormProps) {
  const { t, i18n } = useTranslation();
  // 25 % in Svenska, 25% in English: the language's own way of writing a percent.
  const rateText = (rate: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(rate / 100);
  const navigate = useNavigate();
  const fresh = isNewProduct(product);
  const updateProduct = useUpdateProduct(product._id);
  const saved = useRef(false);
  useDeleteDraftLeftUnsaved(
    product._id,
    dropUnsavedDraft && product.isDraft && product.createdAt === product.updatedAt,
    saved,
  );
  const form = useForm<ProductForm, unknown, ProductUpdate>({
    resolver: zodResolver(productUpdateSchema),
    defaultValues: toFormValues(product, fresh),
  });
  const { register, control, handleSubmit, setValue, getValues, formState, setError, watch } = form;
  const options = watch('options') ?? [];
  const variants = (watch('variants') ?? []) as VariantRow[];
  const hasVariants = options.length > 0;
  const { errors } = formState;

  function stepStock(delta: 1 | -1) {
    const typed = Number(getValues('countInStock'));
    const current = Number.isInteger(typed) && typed >= 0 ? typed : 0;
    setValue('countInStock', String(Math.max(0, current + delta)), { shouldDirty: true, shouldValidate: true });
  }

  const onValid = (values: ProductUpdate) => {
    const images = values.images ?? [];
    const payload = { ...values, images, image: images[0] ?? '' };
    // A product that never had options saves as before, without them.
    if (values.options?.length === 0 && (product.options ?? []).length === 0) {
      delete payload.options;
      delete payload.variants;
    }
    // A product on sale stays on sale (the server refuses the rest with the same words).
    if (!product.isDraft && !isPublishable(payload)) {
      setError('root', { message: PRODUCT_INCOMPLETE });
      return;
    }
    updateProduct.mutate(payload, {
      onSuccess: () => {
        saved.current = true;
        navigate(listPath);
      },
      onError: (error) => {
        if (isStale(error)) onStale();
      },
    });
  };

  const err = (field: keyof ProductForm) => errors[field]?.message;
  return (
    <form className="catalog-form product-editor" onSubmit={handleSubmit(onValid)} aria-label={title} noValidate>
      {errors.root?.message && <MessageBox variant="danger">{t(errors.root.message)}</MessageBox>}
      {/* A 409 (changed since loaded) is told by the page above the reloaded form. */}
      {updateProduct.isError && !isStale(updateProduct.error) && (
        <MessageBox variant="danger">{t(updateProduct.error.message)}</MessageBox>
      )}
      {product.removed && <RemovalNotice productId={product._id} />}
      <div className="product-editor-grid">
        <div className="product-editor-main">
          <section className="editor-card" aria-label={t('Product details')}>
            <div className="form-field">
              <label htmlFor="product-name">{t('Name')}</label>
              <input
                id="product-name"
                type="text"
                maxLength={PRODUCT_LIMITS.name}
                aria-invalid={err('name') ? true : undefined}
                aria-describedby={describedBy(err('name') && 'product-name-error')}
                {...register('name')}
              />
              <FieldError id="product-name-error" message={err('name')} />
            </div>
            <Controller
              control={control}
              name="description"
              render={({ field, fieldState }) => (
                <RichTextEditor
                  label={t('Description')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  maxLength={PRODUCT_LIMITS.description}
                  error={fieldState.error?.message && formMessage(t, fieldState.error.message)}
                />
              )}
            />
          </section>
          <section className="editor-card" aria-label={t('Images')}>
            <Controller
              control={control}
              name="images"
              render={({ field, fieldState }) => (
                <ImageGalleryField
                  value={field.value ?? []}
                  onChange={(paths) => field.onChange(paths)}
                  error={fieldState.error?.message ?? errors.images?.root?.message}
                />
              )}
            />
          </section>
          <section className="editor-card" aria-label={t('Variants')} id="variants-field">
            <VariantsField
              options={options}
              variants={variants}
              images={watch('images') ?? []}
              error={errors.variants?.message ?? errors.variants?.root?.message ?? firstRowError(errors.variants)}
              onChange={(nextOptions, nextRows) => {
                setValue('options', nextOptions, { shouldDirty: true });
                setValue('variants', nextRows, { shouldDirty: true });
                if (nextOptions.length > 0) setValue('countInStock', String(stockSum(nextRows)));
              }}
            />
          </section>
        </div>
        <div className="product-editor-side">
          <section className="editor-card" aria-label={t('Status')}>
            <p className="editor-status">
              <span className="form-label">{t('Status')}</span> <ProductStatusBadge product={product} />
            </p>
            <p className="form-hint">
              {product.removed
                ? t('Removed by moderation: shoppers do not see it, and you cannot put it on sale again.')
                : product.isDraft
                  ? t(
                      'Drafts are shown to nobody but you. Save with a name, a price above 0 and an image to put it on sale.',
                    )
                  : product.hidden
                    ? t('Hidden: shoppers do not see it until you show it again. It still counts towards your plan.')
                    : t('On sale: shoppers see it in your shop and in search.')}
            </p>
            {!product.isDraft && !product.removed && (
              <div className="form-check">
                <input id="product-hidden" type="checkbox" {...register('hidden')} />
                <label htmlFor="product-hidden">{t('Hide from shoppers')}</label>
              </div>
            )}
          </section>
          <section className="editor-card" aria-label={t('Pricing and stock')}>
            <PriceField id="product-price" label={t('Price')} registration={register('price')} error={err('price')} />
            <div className="form-field">
              <label htmlFor="product-vatRate">{t('VAT rate')}</label>
              <select
                id="product-vatRate"
                className="select-input"
                aria-invalid={err('vatRate') ? true : undefined}
                aria-describedby={describedBy('product-vatRate-hint', err('vatRate') && 'product-vatRate-error')}
                {...register('vatRate')}
              >
                {VAT_RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rateText(rate)}
                  </option>
                ))}
              </select>
              <p className="form-hint" id="product-vatRate-hint">
                {t('The price includes VAT. 12% for food, 6% for books and newspapers, otherwise 25%.')}
              </p>
              <FieldError id="product-vatRate-error" message={err('vatRate')} />
            </div>
            {hasVariants ? (
              <p className="editor-status">
                <span className="form-label">{t('Count In Stock')}</span>
                <output htmlFor="variants-field">
                  {t('{{count}}: the sum of the variants', { count: stockSum(variants) })}
                </output>
              </p>
            ) : (
              <StockField
                id="product-countInStock"
                label={t('Count In Stock')}
                registration={register('countInStock')}
                onStep={stepStock}
                error={err('countInStock')}
              />
            )}
          </section>
          <section className="editor-card" aria-label={t('Sale')}>
            <SaleFields
              registrations={{
                price: register('salePrice'),
                starts: register('saleStartsAt'),
                ends: register('saleEndsAt'),
              }}
              errors={{ price: err('salePrice'), starts: err('saleStartsAt'), ends: err('saleEndsAt') }}
            />
          </section>
          <section className="editor-card" aria-label={t('Organisation')}>
            <Controller
              control={control}
              name="category"
              render={({ field, fieldState }) => (
                <CategoryField
                  id="product-category"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <div className="form-field">
              <label htmlFor="product-brand">{t('Brand')}</label>
              <input
                id="product-brand"
                type="text"
                maxLength={PRODUCT_LIMITS.brand}
                aria-invalid={err('brand') ? true : undefined}
                aria-describedby={describedBy(err('brand') && 'product-brand-error')}
                {...register('brand')}
              />
              <FieldError id="product-brand-error" message={err('brand')} />
            </div>
          </section>
          <section className="editor-card" aria-label={t('Shipping')}>
            <PriceField
              id="product-shipping_price"
              label={t('Shipping price')}
              hint={t('Per item; 0 for free shipping.')}
              registration={register('shipping_price')}
              error={err('shipping_price')}
            />
            <div className="form-field">
              <label htmlFor="product-shipping_info">{t('Shipping info')}</label>
              <textarea
                id="product-shipping_info"
                rows={3}
                maxLength={PRODUCT_LIMITS.shippingInfo}
                aria-invalid={err('shipping_info') ? true : undefined}
                aria-describedby={describedBy(err('shipping_info') && 'product-shipping_info-error')}
                {...register('shipping_info')}
              />
              <FieldError id="product-shipping_info-error" message={err('shipping_info')} />
            </div>
          </section>
        </div>
      </div>
      <div className="form-actions product-editor-actions">
        <Link to={listPath} className="button button-secondary">
          {t('Cancel')}
        </Link>
        <button type="submit" className="button" disabled={updateProduct.isPending}>
          {t('Update')}
        </button>
        {updateProduct.isPending && <LoadingBox label={t('Saving...')} />}
      </div>
    </form>
  );
}

/**
 * The statement of reasons of a product removed by moderation (DSA art. 17): the ground, the
 * admin's reasons and when, and how to appeal.
 */
function RemovalNotice({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const removal = useProductRemoval(productId, true).data?.removal;
  return (
    <MessageBox variant="danger">
      <strong>{t('Removed by moderation')}</strong>
      {removal && (
        <>
          {' '}
          {t('on {{date}}. Ground: {{ground}}. Reasons: {{reason}}', {
            date: format.dateTime(removal.decidedAt),
            ground: t(REPORT_CATEGORY_LABELS[removal.category]),
            reason: removal.reason,
          })}
        </>
      )}{' '}
      {t('To appeal, reply to the mail we sent you; another administrator then reviews the decision.')}
    </MessageBox>
  );
}

/** Says at once that a seller's edit link is for another shop's product. */
function NotYourProduct({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  return (
    <MessageBox variant="danger">
      {t('This product belongs to another shop, not yours: you can only edit your own products.')}{' '}
      <Link to={listPath}>{t('Back to your products')}</Link>
    </MessageBox>
  );
}

/** /product/{id}/edit (admin) and /product/{id}/edit/seller (the owner); saving returns to the list. */
export function ProductEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const sellerMode = useMatch('/product/:id/edit/seller') !== null;
  const listPath = sellerMode ? '/productlist/seller' : '/productlist';
  const { user } = useSession();
  const product = useProduct(id);
  // Set when a save was refused because the product changed; the form then starts afresh from
  // the reloaded product (a new key), with its values and version.
  const [reloaded, setReloaded] = useState(false);
  const [reloads, setReloads] = useState(0);
  const title = product.data && !isNewProduct(product.data) ? t('Edit Product {{id}}', { id }) : t('Create Product');
  useDocumentTitle(product.data ? title : t('Edit Product'));
  const notTheirs = sellerMode && product.data !== undefined && product.data.seller._id !== user?._id;

  return (
    <section className="page management-page product-edit-page">
      {reloaded && <MessageBox variant="danger">{t(PRODUCT_CHANGED)}</MessageBox>}
      {product.isPending ? (
        <LoadingBox />
      ) : product.isError ? (
        <MessageBox variant="danger">{t(product.error.message)}</MessageBox>
      ) : notTheirs ? (
        <NotYourProduct listPath={listPath} />
      ) : (
        <>
          <div className="page-head product-editor-head">
            <Link to={listPath} className="editor-back">
              ← {t('Products')}
            </Link>
            <h1 className="edit-title">{title}</h1>
            <span className="product-number">{productNumberLabel(product.data.number)}</span>
          </div>
          <ProductEditForm
            key={`${product.data._id}:${reloads}`}
            product={product.data}
            title={title}
            listPath={listPath}
            dropUnsavedDraft={sellerMode}
            onStale={() => {
              setReloaded(true);
              void product.refetch().then(() => setReloads((n) => n + 1));
            }}
          />
        </>
      )}
    </section>
  );
}
