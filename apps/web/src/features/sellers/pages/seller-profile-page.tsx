import type { UserDetails } from '@torget/shared/api-types';
import { planAllowsOwnDomain } from '@torget/shared/rules/plans';
import {
  LOGO_MISSING,
  SELLER_COLOR_FIELDS,
  SELLER_FIELDS,
  SWISH_NUMBER_MISSING,
  sellerFormValues,
} from '@torget/shared/rules/seller-fields';
import { ORGANISATION_NUMBER_PLACEHOLDER } from '@torget/shared/rules/sweden';
import { type FormEvent, useId, useState } from 'react';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Snackbar, useSnackbar } from '#web/components/snackbar.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { type ShopSettings, useUpdateShopSettings } from '../api/update-shop-settings';
import { ColourField } from '../components/colour-field';
import { ShopImageField } from '../components/shop-image-field';
import '../sellers.css';

const PROFILE_UPDATED = 'Profile Updated Successfully';

type ShopForm = Omit<ShopSettings, 'userId'>;
type ColourKey = (typeof SELLER_COLOR_FIELDS)[number];

const COLOUR_LABELS: Record<ColourKey, string> = {
  seller_name_text_color: 'Name text colour',
  seller_subtitle_text_color: 'Subtitle text colour',
  seller_description_background_color: 'Description background colour',
  seller_description_text_color: 'Description text colour',
  seller_products_background_color: 'Products background colour',
  seller_footer_background_color: 'Footer background colour',
  seller_footer_text_color: 'Footer text colour',
};

/**
 * /seller_profile, 'My Shop / Settings' (spec section 2): the whole shop form for a seller, or for
 * an applicant getting the shop ready. The loading indicator waits 500 ms.
 */
export function SellerProfilePage() {
  useDocumentTitle('My Shop / Settings');
  const { user } = useSession();
  const details = useUserDetails(user?._id ?? '');
  return (
    <section className="page form-page" aria-labelledby="shop-settings-heading">
      <div className="form-card form-card-wide">
        <h1 id="shop-settings-heading">My Shop / Settings</h1>
        {details.isPending ? (
          <LoadingBox />
        ) : details.isError ? (
          <MessageBox variant="danger">{details.error.message}</MessageBox>
        ) : (
          <ShopSettingsForm key={details.data._id} details={details.data} />
        )}
      </div>
    </section>
  );
}

function ShopSettingsForm({ details }: { details: UserDetails }) {
  const update = useUpdateShopSettings();
  const [notice, showNotice] = useSnackbar();
  const [form, setForm] = useState<ShopForm>(() => sellerFormValues(details.seller));
  const ids = { hasLogo: useId(), hasSwish: useId(), hasPaypal: useId() };
  const plan = details.seller?.plan ?? '';
  const domainAllowed = planAllowsOwnDomain(plan);

  function set<K extends keyof ShopForm>(key: K) {
    return (value: ShopForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.seller_has_swish && form.seller_swish_number.trim() === '') {
      window.alert(SWISH_NUMBER_MISSING);
      return;
    }
    if (form.seller_has_logo && form.seller_logo === '') {
      window.alert(LOGO_MISSING);
      return;
    }
    update.mutate(
      { userId: details._id, ...form },
      {
        onSuccess: (user) => {
          // The server writes some values its own way (post number 'NNN NN', Swish digits only).
          setForm(sellerFormValues(user.seller));
          showNotice(PROFILE_UPDATED);
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="shop-form">
      {update.isError && <MessageBox variant="danger">{update.error.message}</MessageBox>}

      <fieldset className="form-fieldset">
        <legend>Shop</legend>
        <TextField
          label="Name"
          required
          maxLength={SELLER_FIELDS.name.max}
          value={form.seller_name}
          onChange={set('seller_name')}
        />
        <TextField
          label="Subtitle"
          maxLength={SELLER_FIELDS.subtitle.max}
          value={form.seller_subtitle}
          onChange={set('seller_subtitle')}
        />
        <TextAreaField
          label="Description"
          rows={6}
          maxLength={SELLER_FIELDS.description.max}
          hint="HTML for formatting: <p>, <strong>, <em>, lists and links are kept."
          value={form.seller_description}
          onChange={set('seller_description')}
        />
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Logo and banner</legend>
        <div className="form-check">
          <input
            id={ids.hasLogo}
            type="checkbox"
            checked={form.seller_has_logo}
            onChange={(event) => set('seller_has_logo')(event.target.checked)}
          />
          <label htmlFor={ids.hasLogo}>Has logo</label>
        </div>
        <ShopImageField
          kind="logo"
          label="Logo image"
          previewAlt="Logo preview"
          value={form.seller_logo}
          onChange={set('seller_logo')}
        />
        <ShopImageField
          kind="banner"
          label="Banner background image"
          previewAlt="Banner preview"
          value={form.seller_banner_background_image}
          onChange={set('seller_banner_background_image')}
        />
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Colours</legend>
        <p className="form-hint">Write colours as #RRGGBB. Leave a colour empty for Torget’s default.</p>
        <div className="colour-grid">
          {SELLER_COLOR_FIELDS.map((key) => (
            <ColourField key={key} label={COLOUR_LABELS[key]} value={form[key]} onChange={set(key)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Contact details</legend>
        <TextField
          label="Address"
          autoComplete="street-address"
          required
          maxLength={SELLER_FIELDS.address.max}
          value={form.seller_address}
          onChange={set('seller_address')}
        />
        <TextField
          label="Post number"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          maxLength={SELLER_FIELDS.post_number.max}
          hint="Written NNN NN, for example 111 51."
          value={form.seller_post_number}
          onChange={set('seller_post_number')}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          required
          maxLength={SELLER_FIELDS.city.max}
          value={form.seller_city}
          onChange={set('seller_city')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          maxLength={SELLER_FIELDS.phone.max}
          value={form.seller_phone}
          onChange={set('seller_phone')}
        />
        <TextField
          label="Public e-mail (shown in the shop's footer)"
          type="email"
          autoComplete="off"
          maxLength={254}
          value={form.seller_email}
          onChange={set('seller_email')}
        />
        <TextField
          label="Organisation number"
          required
          maxLength={SELLER_FIELDS.organisation_number.max}
          placeholder={ORGANISATION_NUMBER_PLACEHOLDER}
          value={form.seller_organisation_number}
          onChange={set('seller_organisation_number')}
        />
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Payments</legend>
        <div className="form-check">
          <input
            id={ids.hasSwish}
            type="checkbox"
            checked={form.seller_has_swish}
            onChange={(event) => set('seller_has_swish')(event.target.checked)}
          />
          <label htmlFor={ids.hasSwish}>Has Swish</label>
        </div>
        <TextField
          label="Swish number"
          inputMode="numeric"
          maxLength={SELLER_FIELDS.swish_number.max}
          hint="Ten digits, for example 123 456 78 90."
          value={form.seller_swish_number}
          onChange={set('seller_swish_number')}
        />
        <div className="form-check">
          <input
            id={ids.hasPaypal}
            type="checkbox"
            checked={form.seller_has_paypal}
            onChange={(event) => set('seller_has_paypal')(event.target.checked)}
          />
          <label htmlFor={ids.hasPaypal}>Has PayPal</label>
        </div>
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Own domain</legend>
        <TextField
          label="Domain"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={SELLER_FIELDS.domain.max}
          placeholder="butik.example.se"
          disabled={!domainAllowed && form.seller_domain === ''}
          hint={`Own domains come with plans 2 and 3${domainAllowed ? '' : ' (your plan does not include one)'}. Point your domain's DNS (A/CNAME) at Torget, then enter it here.`}
          value={form.seller_domain}
          onChange={set('seller_domain')}
        />
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Updating...' : 'Update'}
        </button>
      </div>
      <Snackbar message={notice} />
    </form>
  );
}
