import { planLabel } from '@torget/shared/rules/plans';
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { ORGANISATION_NUMBER_PLACEHOLDER } from '@torget/shared/rules/sweden';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useApplyToSell } from '../api/apply-to-sell';
import { AlreadySellerNotice } from '../components/already-seller-notice';
import '../sellers.css';

const ALREADY_SELLER = 'Du är redan en säljare.';
const ALREADY_APPLIED = 'You already applied to become a seller.';

type ChoosablePlan = '1' | '2';

const isChoosable = (plan: string): plan is ChoosablePlan => plan === '1' || plan === '2';

/**
 * /become_seller/{plan}: the Create Shop form (spec section 2, Seller application flow). Only
 * plans 1 and 2 can be chosen; sellers and earlier applicants are told so instead of the form.
 */
export function BecomeSellerPage() {
  useDocumentTitle('Create Shop');
  const { plan = '' } = useParams();
  const { user } = useSession();
  const choosable = isChoosable(plan);
  // Held here, not in the form: the stored session says 'applied' as soon as the answer comes,
  // which replaces the form with the notice before the form could go on.
  const apply = useApplyToSell();
  const sending = apply.isPending || apply.isSuccess;

  if (apply.isSuccess) return <Navigate to="/seller_application" />;

  let content: ReactNode;
  if (!user) {
    content = null; // The sign-in guard never lets a visitor here.
  } else if (choosable && sending) {
    content = <CreateShopForm userId={user._id} plan={plan} apply={apply} />;
  } else if (user.is_seller) {
    content = <AlreadySellerNotice message={ALREADY_SELLER} to="/seller_profile" text="Shop settings" />;
  } else if (user.wants_to_be_seller) {
    content = <AlreadySellerNotice message={ALREADY_APPLIED} to="/seller_application" text="Your application" />;
  } else if (choosable) {
    content = <CreateShopForm userId={user._id} plan={plan} apply={apply} />;
  } else {
    content = (
      <MessageBox>
        This plan cannot be chosen. <Link to="/seller_info_2">See the plans</Link>
      </MessageBox>
    );
  }

  return (
    <section className="page form-page" aria-labelledby="create-shop-heading">
      <div className="form-card">
        <h1 id="create-shop-heading">Create Shop</h1>
        <p className="plan-summary">
          <span>{`Plan ${plan}`}</span>
          {/* The chosen plan's own label ('Domän ingår' for plan 3, which cannot be chosen yet). */}
          <strong>{planLabel(plan)}</strong>
        </p>
        {content}
      </div>
    </section>
  );
}

interface CreateShopFormProps {
  userId: string;
  plan: ChoosablePlan;
  apply: ReturnType<typeof useApplyToSell>;
}

function CreateShopForm({ userId, plan, apply }: CreateShopFormProps) {
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [postNumber, setPostNumber] = useState('');
  const [city, setCity] = useState('');
  const [phone, setPhone] = useState('');
  const [organisationNumber, setOrganisationNumber] = useState('');
  const [description, setDescription] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply.mutate({
      userId,
      seller_name: name,
      seller_description: description,
      wants_to_be_seller: true,
      seller_plan: plan,
      seller_address: address,
      seller_post_number: postNumber,
      seller_city: city,
      seller_phone: phone,
      seller_organisation_number: organisationNumber,
    });
  }

  return (
    <form onSubmit={onSubmit} className="shop-form">
      {apply.isError && <MessageBox variant="danger">{apply.error.message}</MessageBox>}
      <TextField
        label="Shop Name"
        autoComplete="organization"
        maxLength={SELLER_FIELDS.name.max}
        value={name}
        onChange={setName}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        required
        maxLength={SELLER_FIELDS.address.max}
        value={address}
        onChange={setAddress}
      />
      <TextField
        label="Post number"
        autoComplete="postal-code"
        inputMode="numeric"
        required
        maxLength={SELLER_FIELDS.post_number.max}
        hint="Written NNN NN, for example 111 51."
        value={postNumber}
        onChange={setPostNumber}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        required
        maxLength={SELLER_FIELDS.city.max}
        value={city}
        onChange={setCity}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={SELLER_FIELDS.phone.max}
        value={phone}
        onChange={setPhone}
      />
      <TextField
        label="Organisation number"
        required
        maxLength={SELLER_FIELDS.organisation_number.max}
        placeholder={ORGANISATION_NUMBER_PLACEHOLDER}
        value={organisationNumber}
        onChange={setOrganisationNumber}
      />
      <TextAreaField
        label="Shop Description"
        maxLength={SELLER_FIELDS.description.max}
        hint="Tell customers about your shop. Simple HTML such as <p> and <strong> is kept."
        value={description}
        onChange={setDescription}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={apply.isPending}>
          {apply.isPending ? 'Sending...' : 'Create Shop'}
        </button>
      </div>
    </form>
  );
}
