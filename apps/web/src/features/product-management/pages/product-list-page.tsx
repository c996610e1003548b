import { MANAGED_PRODUCT_STATES, type ManagedProductState } from '@torget/shared/rules/admin-lists';
import {
  MANAGED_PRODUCT_SORTS,
  MANAGEMENT_PAGE_SIZE,
  type ManagedProductSort,
} from '@torget/shared/rules/catalog-query';
import { isOneOf } from '@torget/shared/rules/one-of';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useProducts } from '#web/api/get-products.ts';
import { DELETE_QUESTION, useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { formMessage } from '#web/lib/form-message.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useSetProductHidden } from '../api/update-product';
import { ProductCsvPanel } from '../components/product-csv-panel';
import { ProductTable } from '../components/product-table';
import '../product-management.css';

type ListMode = 'admin' | 'seller';

const MODES = {
  admin: { listPath: '/productlist', editSuffix: '/edit' },
  seller: { listPath: '/productlist/seller', editSuffix: '/edit/seller' },
} as const;

function usePageNumber(): number {
  const page = Number(useParams().pageNumber);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ListQuery {
  q?: string;
  sort?: ManagedProductSort;
  state?: ManagedProductState | '';
  /** The admin's shop filter: a seller's id, '' for every shop. */
  shop?: string;
}

/**
 * The search (`?q=`), column sort (`?sort=`), listed / draft filter (`?state=`) and the admin's
 * shop filter (`?shop=<seller id>`) of a list, kept in the address so a reload, the back button
 * and the pager's links keep them. A new search, filter or sort starts again at page 1.
 */
function useListFilters(listPath: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const asked = params.get('sort');
  const sort: ManagedProductSort = isOneOf(MANAGED_PRODUCT_SORTS, asked) ? asked : 'newest';
  const askedState = params.get('state');
  const state: ManagedProductState | '' = isOneOf(MANAGED_PRODUCT_STATES, askedState) ? askedState : '';
  const askedShop = params.get('shop') ?? '';
  const shop = UUID.test(askedShop) ? askedShop : '';
  const withFilters = (path: string, next: ListQuery) => {
    const query = new URLSearchParams();
    const text = (next.q ?? q).trim();
    const order = next.sort ?? sort;
    const listing = next.state ?? state;
    const seller = next.shop ?? shop;
    if (text !== '') query.set('q', text);
    if (order !== 'newest') query.set('sort', order);
    if (listing !== '') query.set('state', listing);
    if (seller !== '') query.set('shop', seller);
    const search = query.toString();
    return search === '' ? path : `${path}?${search}`;
  };
  return {
    q,
    sort,
    state,
    shop,
    hrefFor: (page: number) => withFilters(`${listPath}/pageNumber/${page}`, {}),
    shopHref: (seller: string) => withFilters(listPath, { shop: seller }),
    setQuery: (text: string) => navigate(withFilters(listPath, { q: text })),
    setSort: (order: ManagedProductSort) => navigate(withFilters(listPath, { sort: order })),
    setState: (listing: ManagedProductState | '') => navigate(withFilters(listPath, { state: listing })),
  };
}

/** The product lists of spec section 2 (Admin and seller lists), 50 a page, drafts included. */
function ProductList({ mode }: { mode: ListMode }) {
  const { t } = useTranslation();
  const { listPath, editSuffix } = MODES[mode];
  const title = mode === 'admin' ? t('Products') : t('My Shop / Products');
  useDocumentTitle(title);
  const { user } = useSession();
  const page = usePageNumber();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const filters = useListFilters(listPath);
  const [typed, setTyped] = useState(filters.q);
  const products = useProducts({
    pageNumber: page,
    pageSize: MANAGEMENT_PAGE_SIZE,
    seller: mode === 'seller' ? user?._id : filters.shop || undefined,
    scope: 'manage',
    sort: filters.sort,
    state: filters.state || undefined,
    name: filters.q === '' ? undefined : filters.q,
  });
  const createProduct = useCreateProduct();
  const deleteProduct = useDeleteProduct();
  const setHidden = useSetProductHidden();
  /** The filtered shop's name, as its products carry it. */
  const shopName = products.data?.products[0]?.seller.seller.name;

  function onCreate() {
    deleteProduct.reset();
    createProduct.mutate(undefined, {
      onSuccess: ({ product }) => navigate(`/product/${product._id}${editSuffix}`),
    });
  }

  async function onDelete(product: { _id: string }) {
    if (!(await confirm({ message: DELETE_QUESTION, confirmLabel: t('Delete'), destructive: true }))) return;
    createProduct.reset();
    deleteProduct.mutate(product._id);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    filters.setQuery(typed);
  }

  return (
    <section className="page management-page" aria-labelledby="product-list-heading">
      <div className="page-head">
        <h1 id="product-list-heading">{title}</h1>
        {mode === 'seller' && (
          <button type="button" className="button button-accent" onClick={onCreate} disabled={createProduct.isPending}>
            {t('Create Product')}
          </button>
        )}
      </div>
      {mode === 'seller' && products.data?.planProducts && (
        <p className="plan-usage">
          <strong>
            {products.data.planProducts.max === null
              ? t('{{count}} products', { count: products.data.planProducts.count })
              : t('{{used}} of {{max}} products', {
                  used: products.data.planProducts.count,
                  max: products.data.planProducts.max,
                })}
          </strong>{' '}
          {t('Drafts do not count against your plan.')}
        </p>
      )}
      <search className="list-toolbar" aria-label={t('Search products')}>
        <form className="list-search" onSubmit={onSearch}>
          <label htmlFor="product-list-search" className="visually-hidden">
            {t('Search by name or number')}
          </label>
          <input
            id="product-list-search"
            type="search"
            placeholder={t('Name or #number')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button button-secondary">
            {t('Search')}
          </button>
        </form>
        <label className="list-sort">
          <span>{t('Sort')}</span>
          <select
            className="select-input"
            value={filters.sort}
            onChange={(event) => filters.setSort(event.target.value as ManagedProductSort)}
          >
            <option value="newest">{t('Newest first')}</option>
            <option value="oldest">{t('Oldest first')}</option>
            <option value="name">{t('Name A–Z')}</option>
            <option value="-name">{t('Name Z–A')}</option>
            <option value="price">{t('Price, low to high')}</option>
            <option value="-price">{t('Price, high to low')}</option>
            <option value="stock">{t('Stock, low to high')}</option>
            <option value="-stock">{t('Stock, high to low')}</option>
          </select>
        </label>
        <label className="list-sort">
          <span>{t('Show')}</span>
          <select
            className="select-input"
            value={filters.state}
            onChange={(event) => filters.setState(event.target.value as ManagedProductState | '')}
          >
            <option value="">{t('All products')}</option>
            <option value="listed">{t('Listed')}</option>
            <option value="draft">{t('Drafts')}</option>
            <option value="hidden">{t('Hidden')}</option>
            <option value="removed">{t('Removed')}</option>
          </select>
        </label>
      </search>
      {mode === 'admin' && filters.shop !== '' && (
        <p className="list-shop-filter">
          {t('Shop: {{name}}', { name: shopName ?? '…' })} <Link to={filters.shopHref('')}>{t('Show every shop')}</Link>
        </p>
      )}
      {createProduct.isPending && <LoadingBox label={t('Creating...')} />}
      {createProduct.isError && <MessageBox variant="danger">{formMessage(t, createProduct.error.message)}</MessageBox>}
      {deleteProduct.isPending && <LoadingBox label={t('Deleting...')} />}
      {deleteProduct.isError && <MessageBox variant="danger">{t(deleteProduct.error.message)}</MessageBox>}
      {deleteProduct.isSuccess && <MessageBox variant="success">{t(deleteProduct.data.message)}</MessageBox>}
      {setHidden.isError && <MessageBox variant="danger">{t(setHidden.error.message)}</MessageBox>}
      {setHidden.isSuccess && (
        <MessageBox variant="success">
          {setHidden.data.product.hidden
            ? t('{{name}} is hidden: nobody but you sees it until you show it again.', {
                name: setHidden.data.product.name,
              })
            : t('{{name}} is shown again.', { name: setHidden.data.product.name })}
        </MessageBox>
      )}
      {products.isPending ? (
        <LoadingBox />
      ) : products.isError ? (
        <MessageBox variant="danger">{t(products.error.message)}</MessageBox>
      ) : products.data.products.length === 0 ? (
        <MessageBox>{t('No Product Found')}</MessageBox>
      ) : (
        <ProductTable
          products={products.data.products}
          labelledBy="product-list-heading"
          editHref={(product) => `/product/${product._id}${editSuffix}`}
          onDelete={(product) => void onDelete(product)}
          deletingId={deleteProduct.isPending ? deleteProduct.variables : undefined}
          onSetHidden={(product, hidden) => setHidden.mutate({ product, hidden })}
          hidingId={setHidden.isPending ? setHidden.variables.product._id : undefined}
          sort={filters.sort}
          onSort={filters.setSort}
          shopHref={mode === 'admin' ? filters.shopHref : undefined}
        />
      )}
      {products.data && (
        <Pager page={page} pages={products.data.pages} hrefFor={filters.hrefFor} label={t('Product list pages')} />
      )}
      {mode === 'seller' && <ProductCsvPanel />}
    </section>
  );
}

/** /productlist and /productlist/pageNumber/{n} (admin): every product, no create button. */
export function ProductListPage() {
  return <ProductList mode="admin" />;
}

/** /productlist/seller and /productlist/seller/pageNumber/{n}: the seller's own products, with create. */
export function SellerProductListPage() {
  return <ProductList mode="seller" />;
}
