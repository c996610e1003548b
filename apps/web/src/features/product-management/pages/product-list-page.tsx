import { MANAGEMENT_PAGE_SIZE } from '@torget/shared/rules/catalog-query';
import { useNavigate, useParams } from 'react-router';
import { useProducts } from '#web/api/get-products.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Pager } from '#web/components/pager.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { ProductTable } from '../components/product-table';
import '../product-management.css';

type ListMode = 'admin' | 'seller';

const MODES = {
  admin: { title: 'Products', listPath: '/productlist', editSuffix: '/edit' },
  seller: { title: 'My Shop / Products', listPath: '/productlist/seller', editSuffix: '/edit/seller' },
} as const;

function usePageNumber(): number {
  const page = Number(useParams().pageNumber);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The product lists of spec section 2 (Admin and seller lists), 50 a page. */
function ProductList({ mode }: { mode: ListMode }) {
  const { title, listPath, editSuffix } = MODES[mode];
  useDocumentTitle(title);
  const { user } = useSession();
  const page = usePageNumber();
  const navigate = useNavigate();
  const products = useProducts({
    pageNumber: page,
    pageSize: MANAGEMENT_PAGE_SIZE,
    seller: mode === 'seller' ? user?._id : undefined,
  });
  const createProduct = useCreateProduct();
  const deleteProduct = useDeleteProduct();

  function onCreate() {
    deleteProduct.reset();
    createProduct.mutate(undefined, {
      onSuccess: ({ product }) => navigate(`/product/${product._id}${editSuffix}`),
    });
  }

  function onDelete(product: { _id: string }) {
    if (!window.confirm('Are you sure to delete?')) return;
    createProduct.reset();
    deleteProduct.mutate(product._id);
  }

  return (
    <section className="page management-page" aria-labelledby="product-list-heading">
      <div className="page-head">
        <h1 id="product-list-heading">{title}</h1>
        {mode === 'seller' && (
          <button type="button" className="button button-accent" onClick={onCreate} disabled={createProduct.isPending}>
            Create Product
          </button>
        )}
      </div>
      {createProduct.isPending && <LoadingBox label="Creating..." />}
      {createProduct.isError && <MessageBox variant="danger">{createProduct.error.message}</MessageBox>}
      {deleteProduct.isPending && <LoadingBox label="Deleting..." />}
      {deleteProduct.isError && <MessageBox variant="danger">{deleteProduct.error.message}</MessageBox>}
      {deleteProduct.isSuccess && <MessageBox variant="success">{deleteProduct.data.message}</MessageBox>}
      {products.isPending ? (
        <LoadingBox />
      ) : products.isError ? (
        <MessageBox variant="danger">{products.error.message}</MessageBox>
      ) : products.data.products.length === 0 ? (
        <MessageBox>No Product Found</MessageBox>
      ) : (
        <ProductTable
          products={products.data.products}
          labelledBy="product-list-heading"
          editHref={(product) => `/product/${product._id}${editSuffix}`}
          onDelete={onDelete}
          deletingId={deleteProduct.isPending ? deleteProduct.variables : undefined}
        />
      )}
      {products.data && (
        <Pager
          page={page}
          pages={products.data.pages}
          hrefFor={(n) => `${listPath}/pageNumber/${n}`}
          label="Product list pages"
        />
      )}
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
