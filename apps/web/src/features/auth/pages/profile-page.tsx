import type { UserDetails } from '@torget/shared/api-types';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PROFILE_PASSWORDS_DIFFER } from '@torget/shared/rules/accounts';
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { type FormEvent, useId, useState } from 'react';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Snackbar, useSnackbar } from '#web/components/snackbar.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { type ProfilePayload, useUpdateProfile } from '../api/update-profile';

/** /profile (spec section 2): the signed-in user's details; the loading indicator waits 500 ms. */
export function ProfilePage() {
  useDocumentTitle('User Profile');
  const { user } = useSession();
  const details = useUserDetails(user?._id ?? '');
  return (
    <section className="page form-page" aria-labelledby="profile-heading">
      <div className="form-card">
        <h1 id="profile-heading">User Profile</h1>
        {details.isPending ? (
          <LoadingBox />
        ) : details.isError ? (
          <MessageBox variant="danger">{details.error.message}</MessageBox>
        ) : (
          <ProfileForm key={details.data._id} details={details.data} />
        )}
      </div>
    </section>
  );
}

function ProfileForm({ details }: { details: UserDetails }) {
  const updateProfile = useUpdateProfile();
  const [snackbar, showSnackbar] = useSnackbar();
  const descriptionId = useId();
  const [name, setName] = useState(details.name);
  const [email, setEmail] = useState(details.email);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [sellerName, setSellerName] = useState(details.seller?.name ?? '');
  const [sellerLogo, setSellerLogo] = useState(details.seller?.logo ?? '');
  const [sellerDescription, setSellerDescription] = useState(details.seller?.description ?? '');
  const [sellerSubtitle, setSellerSubtitle] = useState(details.seller?.subtitle ?? '');
  const isSeller = details.is_seller;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      window.alert(PROFILE_PASSWORDS_DIFFER);
      return;
    }
    // An empty password keeps the current one.
    const payload: ProfilePayload = { userId: details._id, name, email, password };
    if (isSeller) {
      payload.seller_name = sellerName;
      payload.seller_logo = sellerLogo;
      payload.seller_description = sellerDescription;
      payload.seller_subtitle = sellerSubtitle;
    }
    updateProfile.mutate(payload, {
      onSuccess: () => {
        setPassword('');
        setConfirmPassword('');
        showSnackbar('Profile was updated.');
      },
    });
  }

  return (
    <form onSubmit={onSubmit}>
      {updateProfile.isError && <MessageBox variant="danger">{updateProfile.error.message}</MessageBox>}
      <TextField label="Name" autoComplete="name" required maxLength={NAME_MAX} value={name} onChange={setName} />
      <TextField label="Email address" type="email" autoComplete="email" required value={email} onChange={setEmail} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint="Leave empty to keep your current password."
        value={password}
        onChange={setPassword}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      {isSeller && (
        <fieldset className="form-fieldset">
          <legend>Shop</legend>
          <TextField label="Shop name" maxLength={SELLER_FIELDS.name.max} value={sellerName} onChange={setSellerName} />
          <TextField
            label="Shop logo"
            maxLength={SELLER_FIELDS.logo.max}
            placeholder="/uploads/…"
            hint="The path of an uploaded image. Upload a new logo in My Shop → Settings."
            value={sellerLogo}
            onChange={setSellerLogo}
          />
          <TextField
            label="Shop subtitle"
            maxLength={SELLER_FIELDS.subtitle.max}
            value={sellerSubtitle}
            onChange={setSellerSubtitle}
          />
          <div className="form-field">
            <label htmlFor={descriptionId}>Shop description</label>
            <textarea
              id={descriptionId}
              rows={5}
              value={sellerDescription}
              onChange={(event) => setSellerDescription(event.target.value)}
            />
          </div>
        </fieldset>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? 'Updating...' : 'Update'}
        </button>
      </div>
      <Snackbar message={snackbar} />
    </form>
  );
}
