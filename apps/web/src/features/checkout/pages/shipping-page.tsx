import { zodResolver } from '@hookform/resolvers/zod';
import type { ShippingAddress, UserDetails } from '@torget/shared/api-types.generated';
import { SHIPPING_ADDRESS_LIMITS } from '@torget/shared/rules/orders';
import { shippingAddressSchema } from '@torget/shared/schemas/orders';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { useUserDetails } from '#web/api/user-details.ts';
import { FormTextField } from '#web/components/form-text-field.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDeliveryLocation, useStoredAddressFields } from '#web/hooks/use-checkout-state.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useStepSubmit } from '#web/hooks/use-step-submit.ts';
import { saveShippingAddress } from '#web/lib/cart-storage.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { toSaveShippingAddressPayload, useSaveShippingAddress } from '../api/save-shipping-address';
import { CheckoutSteps } from '../components/checkout-steps';
import '../checkout.css';

/** The address saved on the user (spec section 3), in the cart's field names. */
function savedAddress(details: UserDetails | undefined): Partial<ShippingAddress> {
  if (!details) return {};
  return {
    fullName: details.shipping_full_name,
    address: details.shipping_address,
    city: details.shipping_city,
    postalCode: details.shipping_postal_code,
    country: details.shipping_country,
  };
}

/** Each field from the stored address, else from the user's saved one, else empty. */
function startingAddress(stored: Partial<ShippingAddress>, saved: Partial<ShippingAddress>): ShippingAddress {
  const pick = (field: keyof ShippingAddress) => stored[field] || saved[field] || '';
  return {
    fullName: pick('fullName'),
    address: pick('address'),
    city: pick('city'),
    postalCode: pick('postalCode'),
    country: pick('country'),
  };
}

const isComplete = (fields: Partial<ShippingAddress>) =>
  Boolean(fields.fullName && fields.address && fields.city && fields.postalCode && fields.country);

/** /shipping (spec section 2, Checkout): five required fields, stored and saved on the user. */
function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

export function ShippingPage() {
  const { t } = useTranslation();
  // The address map hands its success text over when it sends the buyer here (map-page.tsx).
  const notice = noticeOf(useLocation().state);
  useDocumentTitle(t('Shipping Address'));
  const { user } = useSession();
  const stored = useStoredAddressFields();
  // The user's saved address fills what the browser does not have.
  const details = useUserDetails(user?._id ?? '');
  // The form starts once: when the stored address is complete, or when the saved one has come
  // (or failed to). Saving the form later must not start it again.
  const ready = isComplete(stored) || !details.isPending || details.fetchStatus === 'idle';

  return (
    <section className="page form-page checkout-page" aria-labelledby="shipping-heading">
      <div className="form-card">
        <CheckoutSteps reached={2} />
        <h1 id="shipping-heading">{t('Shipping Address')}</h1>
        {notice && <MessageBox variant="success">{t(notice)}</MessageBox>}
        {ready ? (
          <ShippingForm userId={user?._id ?? ''} initial={startingAddress(stored, savedAddress(details.data))} />
        ) : (
          <LoadingBox />
        )}
      </div>
    </section>
  );
}

function ShippingForm({ userId, initial }: { userId: string; initial: ShippingAddress }) {
  const { t } = useTranslation();
  const saveToUser = useSaveShippingAddress();
  const location = useDeliveryLocation();
  const step = useStepSubmit();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShippingAddress>({ resolver: zodResolver(shippingAddressSchema), defaultValues: initial });

  // The schema has trimmed every field; the address is stored, then saved on the user.
  const onValid = (shippingAddress: ShippingAddress) =>
    step.submit(async () => {
      saveShippingAddress(shippingAddress);
      await saveToUser.mutateAsync(toSaveShippingAddressPayload(userId, shippingAddress));
      return '/payment';
    });

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      {saveToUser.isError && <MessageBox variant="danger">{t(saveToUser.error.message)}</MessageBox>}
      <FormTextField
        label={t('Full Name')}
        autoComplete="name"
        required
        maxLength={SHIPPING_ADDRESS_LIMITS.fullName}
        registration={register('fullName')}
        error={errors.fullName?.message}
      />
      <FormTextField
        label={t('Address')}
        autoComplete="street-address"
        required
        maxLength={SHIPPING_ADDRESS_LIMITS.address}
        registration={register('address')}
        error={errors.address?.message}
      />
      <p className="map-choice">
        <Link to="/map" className="button button-small button-secondary">
          {t('Choose on map')}
        </Link>
        {location && (
          <span className="muted">{t('Confirmed on the map: {{address}}', { address: location.address })}</span>
        )}
      </p>
      <FormTextField
        label={t('City')}
        autoComplete="address-level2"
        required
        maxLength={SHIPPING_ADDRESS_LIMITS.city}
        registration={register('city')}
        error={errors.city?.message}
      />
      <FormTextField
        label={t('Postal Code')}
        autoComplete="postal-code"
        required
        maxLength={SHIPPING_ADDRESS_LIMITS.postalCode}
        registration={register('postalCode')}
        error={errors.postalCode?.message}
      />
      <FormTextField
        label={t('Country')}
        autoComplete="country-name"
        required
        maxLength={SHIPPING_ADDRESS_LIMITS.country}
        registration={register('country')}
        error={errors.country?.message}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={step.busy}>
          {saveToUser.isPending ? t('Saving...') : t('Continue')}
        </button>
      </div>
    </form>
  );
}
