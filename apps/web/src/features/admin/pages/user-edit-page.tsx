import type { UserDetails } from '@torget/shared/api-types';
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useUpdateUser } from '../api/update-user';

/** /user/{id}/edit (spec section 2, admin): seller and admin roles and the seller's own domain. */
export function UserEditPage() {
  const { id = '' } = useParams();
  const user = useUserDetails(id);
  const title = user.data ? `Edit User ${user.data.name}` : 'Edit User';
  useDocumentTitle(title);
  return (
    <section className="page form-page" aria-labelledby="user-edit-heading">
      <div className="form-card">
        <h1 id="user-edit-heading">{title}</h1>
        {user.isPending ? (
          <LoadingBox />
        ) : user.isError ? (
          <MessageBox variant="danger">{user.error.message}</MessageBox>
        ) : (
          <UserEditForm key={user.data._id} user={user.data} />
        )}
        <p className="form-links">
          <Link to="/userlist">Back to users</Link>
        </p>
      </div>
    </section>
  );
}

function UserEditForm({ user }: { user: UserDetails }) {
  const navigate = useNavigate();
  const updateUser = useUpdateUser();
  const sellerId = useId();
  const adminId = useId();
  const [isSeller, setIsSeller] = useState(user.is_seller);
  const [isAdmin, setIsAdmin] = useState(user.is_admin);
  const [sellerDomain, setSellerDomain] = useState(user.seller?.domain ?? '');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    updateUser.mutate(
      { _id: user._id, is_seller: isSeller, is_admin: isAdmin, seller_domain: sellerDomain },
      { onSuccess: () => navigate('/userlist') },
    );
  }

  return (
    <form onSubmit={onSubmit}>
      {updateUser.isError && <MessageBox variant="danger">{updateUser.error.message}</MessageBox>}
      <dl className="form-summary">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        {user.wants_to_be_seller && !user.is_seller && (
          <>
            <dt>Shop</dt>
            <dd>Waiting for approval</dd>
          </>
        )}
      </dl>
      <div className="form-check">
        <input
          id={sellerId}
          type="checkbox"
          checked={isSeller}
          onChange={(event) => setIsSeller(event.target.checked)}
        />
        <label htmlFor={sellerId}>Is Seller</label>
      </div>
      <div className="form-check">
        <input id={adminId} type="checkbox" checked={isAdmin} onChange={(event) => setIsAdmin(event.target.checked)} />
        <label htmlFor={adminId}>Is Admin</label>
      </div>
      <TextField
        label="Seller domain"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={SELLER_FIELDS.domain.max}
        placeholder="butik.example.se"
        hint="For sellers only: the shop’s own domain, without http://. Leave empty for none."
        disabled={!isSeller}
        value={sellerDomain}
        onChange={setSellerDomain}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={updateUser.isPending}>
          {updateUser.isPending ? 'Updating...' : 'Update'}
        </button>
      </div>
    </form>
  );
}
