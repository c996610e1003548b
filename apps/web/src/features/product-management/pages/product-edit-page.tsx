import type { ProductDetails } from '@torget/shared/api-types';
import { PRODUCT_CHANGED } from '@torget/shared/rules/catalog';
import { type FormEvent, useState } from 'react';
import { useMatch, useNavigate, useParams } from 'react-router';
import { useCategories } from '#web/api/get-categories.ts';
import { useProduct } from '#web/api/get-product.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { type ProductUpdateInput, useUpdateProduct } from '../api/update-product';
import { ImageUploadField } from '../components/image-upload-field';
import '../product-management.css';

/** A product made by 'Create Product' and never saved since: the empty product of the API. */
function isNewProduct(product: ProductDetails): boolean {
  return product.name === 'New product' && product.price === 0 && product.createdAt === product.updatedAt;
}

function toFormValues(product: ProductDetails): ProductUpdateInput {
  return {
    name: product.name,
    price: String(product.price),
    image: product.image,
    category: product.category,
    brand: product.brand,
    countInStock: String(product.countInStock),
    description: product.description,
    shipping_price: String(product.shipping_price),
    shipping_info: product.shipping_info,
  };
}

type TextField = Exclude<keyof ProductUpdateInput, 'image'>;

interface FieldProps {
  field: TextField;
  label: string;
  values: ProductUpdateInput;
  onChange: (field: TextField, value: string) => void;
  type?: 'text' | 'number';
  step?: string;
  multiline?: boolean;
  list?: string;
  required?: boolean;
}

function Field({ field, label, values, onChange, type = 'text', step, multiline = false, list, required }: FieldProps) {
  const id = `product-${field}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={5} value={values[field]} onChange={(event) => onChange(field, event.target.value)} />
      ) : (
        <input
          id={id}
          type={type}
          step={step}
          min={type === 'number' ? 0 : undefined}
          inputMode={type === 'number' ? 'decimal' : undefined}
          list={list}
          required={required}
          value={values[field]}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
    </div>
  );
}

/** The save was refused because the product changed since the form was loaded. */
const isStale = (error: Error) => error instanceof ApiRequestError && error.status === 409;

interface ProductEditFormProps {
  product: ProductDetails;
  listPath: string;
  /** The product changed since the form was loaded (409): the page reloads it. */
  onStale: () => void;
}

function ProductEditForm({ product, listPath, onStale }: ProductEditFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => toFormValues(product));
  // The version the values were loaded from; a background refetch must not move it, or a save
  // could overwrite a sale the form never showed.
  const [loadedVersion] = useState(product.version);
  const updateProduct = useUpdateProduct(product._id, loadedVersion);
  const categories = useCategories();
  const title = isNewProduct(product) ? 'Create Product' : `Edit Product ${product._id}`;
  useDocumentTitle(title);

  function setField(field: keyof ProductUpdateInput, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    updateProduct.mutate(values, {
      onSuccess: () => navigate(listPath),
      onError: (error) => {
        if (isStale(error)) onStale();
      },
    });
  }

  return (
    <>
      <h1 className="edit-title">{title}</h1>
      <form className="catalog-form product-edit-form" onSubmit={onSubmit} aria-label={title} noValidate>
        <Field field="name" label="Name" values={values} onChange={setField} required />
        <Field field="price" label="Price" values={values} onChange={setField} type="number" step="0.01" />
        <ImageUploadField value={values.image} onChange={(path) => setField('image', path)} />
        <Field field="category" label="Category" values={values} onChange={setField} list="product-categories" />
        <datalist id="product-categories">
          {categories.data?.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Field field="brand" label="Brand" values={values} onChange={setField} />
        <Field field="countInStock" label="Count In Stock" values={values} onChange={setField} type="number" step="1" />
        <Field field="description" label="Description" values={values} onChange={setField} multiline />
        <Field
          field="shipping_price"
          label="Shipping price"
          values={values}
          onChange={setField}
          type="number"
          step="0.01"
        />
        <Field field="shipping_info" label="Shipping info" values={values} onChange={setField} multiline />
        {/* A 409 (changed since loaded) is told by the page above the reloaded form. */}
        {updateProduct.isError && !isStale(updateProduct.error) && (
          <MessageBox variant="danger">{updateProduct.error.message}</MessageBox>
        )}
        <div className="form-actions">
          <button type="submit" className="button" disabled={updateProduct.isPending}>
            Update
          </button>
          {updateProduct.isPending && <LoadingBox label="Saving..." />}
        </div>
      </form>
    </>
  );
}

/** /product/{id}/edit (admin) and /product/{id}/edit/seller (the owner); saving returns to the list. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const sellerMode = useMatch('/product/:id/edit/seller') !== null;
  const listPath = sellerMode ? '/productlist/seller' : '/productlist';
  const product = useProduct(id);
  // Set when a save was refused because the product changed; the form then starts afresh from
  // the reloaded product (a new key), with its values and version.
  const [reloaded, setReloaded] = useState(false);
  const [reloads, setReloads] = useState(0);
  return (
    <section className="page management-page product-edit-page">
      {reloaded && <MessageBox variant="danger">{PRODUCT_CHANGED}</MessageBox>}
      {product.isPending ? (
        <LoadingBox />
      ) : product.isError ? (
        <MessageBox variant="danger">{product.error.message}</MessageBox>
      ) : (
        <ProductEditForm
          key={`${product.data._id}:${reloads}`}
          product={product.data}
          listPath={listPath}
          onStale={() => {
            setReloaded(true);
            void product.refetch().then(() => setReloads((n) => n + 1));
          }}
        />
      )}
    </section>
  );
}
