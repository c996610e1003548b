import { zodResolver } from '@hookform/resolvers/zod';
import type { UserDetails } from '@torget/shared/api-types.generated';
import { planAllowsOwnDomain } from '@torget/shared/rules/plans';
import { type SELLER_COLOR_FIELDS, SELLER_FIELDS, sellerFormValues } from '@torget/shared/rules/seller-fields';
import { profileUpdateSchema } from '@torget/shared/schemas/accounts';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { RichTextEditor } from '#web/components/rich-text-editor.tsx';
import { Snackbar, useSnackbar } from '#web/components/snackbar.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { formMessage } from '#web/lib/form-message.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useUpdateShopSettings } from '../api/update-shop-settings';
import { ColourField } from '../components/colour-field';
import { FormCheckbox, FormTextField } from '../components/form-text-field';
import { PayoutAccountSection } from '../components/payout-account-section';
import { SellerIdentityFields } from '../components/seller-identity-fields';
import { ShopContactFields } from '../components/shop-contact-fields';
import { ShopImageField } from '../components/shop-image-field';
import type { ShopLook } from '../components/storefront-parts';
import { StorefrontPreview } from '../components/storefront-preview';
import '../sellers.css';

/** The form's values as typed, and as the shared schema hands them on (trimmed, normalised). */
type ShopFormInput = z.input<typeof profileUpdateSchema>;
type ShopFormOutput = z.output<typeof profileUpdateSchema>;
type ColourKey = (typeof SELLER_COLOR_FIELDS)[number];

interface ColourSetting {
  key: ColourKey;
  label: string;
  /** The picker's name for screen readers. */
  picker: string;
  /** Torget's default for this colour (tokens.css), where the picker starts while none is set. */
  fallback: string;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The colours by the part of the storefront they colour (spec: the seller object's colour fields). */
const colourGroups = (t: Translate): { legend: string; hint: string; colours: ColourSetting[] }[] => [
  {
    legend: t('Banner'),
    hint: t('The shop name and subtitle at the top of your shop.'),
    colours: [
      {
        key: 'seller_name_text_color',
        label: t('Name text colour'),
        picker: t('Shop name colour picker'),
        fallback: '#ffffff',
      },
      {
        key: 'seller_subtitle_text_color',
        label: t('Subtitle text colour'),
        picker: t('Subtitle colour picker'),
        fallback: '#dbe4ee',
      },
    ],
  },
  {
    legend: t('Description box'),
    hint: t('The box with your shop’s description, under the banner.'),
    colours: [
      {
        key: 'seller_description_background_color',
        label: t('Description background colour'),
        picker: t('Description box background picker'),
        fallback: '#ffffff',
      },
      {
        key: 'seller_description_text_color',
        label: t('Description text colour'),
        picker: t('Description box text picker'),
        fallback: '#1c2430',
      },
    ],
  },
  {
    legend: t('Products'),
    hint: t('Behind your product cards.'),
    colours: [
      {
        key: 'seller_products_background_color',
        label: t('Products background colour'),
        picker: t('Product area background picker'),
        fallback: '#f5f6f8',
      },
    ],
  },
  {
    legend: t('Footer'),
    hint: t('The bottom of your shop, with your contact details.'),
    colours: [
      {
        key: 'seller_footer_background_color',
        label: t('Footer background colour'),
        picker: t('Shop footer background picker'),
        fallback: '#0b3d63',
      },
      {
        key: 'seller_footer_text_color',
        label: t('Footer text colour'),
        picker: t('Shop footer text picker'),
        fallback: '#ffffff',
      },
    ],
  },
];

/**
 * /seller_profile, 'My Shop / Settings' (spec section 2): the whole shop form for a seller, or for
 * an applicant getting the shop ready, with a live preview of the storefront beside it (below it
 * on phones). The loading indicator waits 500 ms.
 */
export function SellerProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('My Shop / Settings'));
  const { user } = useSession();
  const details = useUserDetails(user?._id ?? '');
  return (
    <section className="page shop-settings-page" aria-labelledby="shop-settings-heading">
      <h1 id="shop-settings-heading">{t('My Shop / Settings')}</h1>
      {details.isPending ? (
        <LoadingBox />
      ) : details.isError ? (
        <MessageBox variant="danger">{t(details.error.message)}</MessageBox>
      ) : (
        <ShopSettingsForm key={details.data._id} details={details.data} />
      )}
    </section>
  );
}

/** The preview's shop from the form's current values (strings while typing; '' where unset). */
function useLiveShop(control: Control<ShopFormInput, unknown, ShopFormOutput>, fallbackName: string): ShopLook {
  const v = useWatch({ control });
  const text = (value: string | undefined) => value ?? '';
  return {
    name: text(v.seller_name).trim() || fallbackName,
    logo: text(v.seller_logo),
    has_logo: v.seller_has_logo === true,
    subtitle: text(v.seller_subtitle).trim(),
    description: text(v.seller_description),
    banner_background_image: text(v.seller_banner_background_image),
    name_text_color: text(v.seller_name_text_color),
    subtitle_text_color: text(v.seller_subtitle_text_color),
    description_background_color: text(v.seller_description_background_color),
    description_text_color: text(v.seller_description_text_color),
    products_background_color: text(v.seller_products_background_color),
    footer_background_color: text(v.seller_footer_background_color),
    footer_text_color: text(v.seller_footer_text_color),
    address: text(v.seller_address).trim(),
    post_number: text(v.seller_post_number).trim(),
    city: text(v.seller_city).trim(),
    email: text(v.seller_email).trim(),
    phone: text(v.seller_phone).trim(),
    organisation_number: text(v.seller_organisation_number).trim(),
  };
}

/**
 * The form's values of a stored shop: the seller field table's, and the identity fields the table
 * does not hold (a stored personal number is never put back in the form; empty keeps it).
 */
function identityFormValues(shop: UserDetails['seller']) {
  return {
    ...sellerFormValues(shop),
    seller_personal_number: '',
    seller_self_certified: Boolean(shop?.self_certified_at),
  };
}

function ShopSettingsForm({ details }: { details: UserDetails }) {
  const { t } = useTranslation();
  const update = useUpdateShopSettings();
  const [notice, showNotice] = useSnackbar();
  const { control, handleSubmit, reset, setValue } = useForm<ShopFormInput, unknown, ShopFormOutput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: identityFormValues(details.seller),
  });
  const sellerType = useWatch({ control, name: 'seller_type' });
  const live = useLiveShop(control, details.name);
  const domainAllowed = planAllowsOwnDomain(details.seller?.plan ?? '');
  const domainEmpty = useWatch({ control, name: 'seller_domain' }) === '';

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { userId: details._id, ...values },
      {
        onSuccess: (user) => {
          // The server writes some values its own way (post number 'NNN NN', Swish digits only).
          reset(identityFormValues(user.seller));
          showNotice(t('Profile Updated Successfully'));
        },
      },
    );
  });

  return (
    <div className="shop-settings-layout">
      <div className="shop-settings-column">
        <form onSubmit={onSubmit} className="shop-form shop-settings-form" noValidate>
          {update.isError && <MessageBox variant="danger">{t(update.error.message)}</MessageBox>}

          <fieldset className="form-fieldset">
            <legend>{t('Shop')}</legend>
            <FormTextField control={control} name="seller_name" label={t('Name')} maxLength={SELLER_FIELDS.name.max} />
            <FormTextField
              control={control}
              name="seller_subtitle"
              label={t('Subtitle')}
              maxLength={SELLER_FIELDS.subtitle.max}
            />
            <Controller
              control={control}
              name="seller_description"
              render={({ field, fieldState }) => (
                <RichTextEditor
                  label={t('Description')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  maxLength={SELLER_FIELDS.description.max}
                  error={fieldState.error?.message && formMessage(t, fieldState.error.message)}
                  hint={t('Shown under your shop’s banner. Headings, bold, lists, quotes and links are kept.')}
                />
              )}
            />
          </fieldset>

          <fieldset className="form-fieldset">
            <legend>{t('Logo and banner')}</legend>
            <FormCheckbox control={control} name="seller_has_logo" label={t('Has logo')} />
            <Controller
              control={control}
              name="seller_logo"
              render={({ field, fieldState }) => (
                <ShopImageField
                  kind="logo"
                  label={t('Logo image')}
                  previewAlt={t('Logo preview')}
                  value={field.value ?? ''}
                  onChange={(path) => {
                    field.onChange(path);
                    // A logo chosen is a logo to show (in the preview at once); removing it hides it.
                    // 'Has logo' can still be turned off, or on without an image (the spec's alert).
                    setValue('seller_has_logo', path !== '', { shouldDirty: true });
                  }}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="seller_banner_background_image"
              render={({ field, fieldState }) => (
                <ShopImageField
                  kind="banner"
                  label={t('Banner background image')}
                  previewAlt={t('Banner preview')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </fieldset>

          <fieldset className="form-fieldset">
            <legend>{t('Colours')}</legend>
            <p className="form-hint colour-intro">
              {t('Pick a colour or write it as #RRGGBB. “Default” gives that part Torget’s own colour.')}
            </p>
            <a className="preview-jump" href="#storefront-preview-heading">
              {t('See the live preview')}
            </a>
            {colourGroups(t).map((group) => (
              <fieldset key={group.legend} className="colour-group">
                <legend>{group.legend}</legend>
                <p className="form-hint">{group.hint}</p>
                <div className="colour-grid">
                  {group.colours.map((colour) => (
                    <Controller
                      key={colour.key}
                      control={control}
                      name={colour.key}
                      render={({ field, fieldState }) => (
                        <ColourField
                          label={colour.label}
                          pickerLabel={colour.picker}
                          fallback={colour.fallback}
                          value={field.value ?? ''}
                          onChange={field.onChange}
                          error={fieldState.error?.message}
                        />
                      )}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </fieldset>

          <fieldset className="form-fieldset">
            <legend>{t('Who sells')}</legend>
            <SellerIdentityFields control={control} storedPersonalNumber={details.seller?.personal_number} />
          </fieldset>

          <fieldset className="form-fieldset">
            <legend>{t('Contact details')}</legend>
            <ShopContactFields control={control} organisationNumber={sellerType !== 'private'} />
          </fieldset>

          <fieldset className="form-fieldset">
            <legend>{t('Payments')}</legend>
            <FormCheckbox control={control} name="seller_has_swish" label={t('Has Swish')} />
            <FormTextField
              control={control}
              name="seller_swish_number"
              label={t('Swish number')}
              inputMode="numeric"
              maxLength={SELLER_FIELDS.swish_number.max}
              hint={t('Ten digits, for example 123 456 78 90.')}
            />
            <FormCheckbox control={control} name="seller_has_paypal" label={t('Has PayPal')} />
          </fieldset>

          <fieldset className="form-fieldset">
            <legend>{t('Own domain')}</legend>
            <FormTextField
              control={control}
              name="seller_domain"
              label={t('Domain')}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={SELLER_FIELDS.domain.max}
              placeholder="butik.example.se"
              disabled={!domainAllowed && domainEmpty}
              hint={
                domainAllowed
                  ? t(
                      "Own domains come with plans 2 and 3. Point your domain's DNS (A/CNAME) at Torget, then enter it here.",
                    )
                  : t(
                      "Own domains come with plans 2 and 3 (your plan does not include one). Point your domain's DNS (A/CNAME) at Torget, then enter it here.",
                    )
              }
            />
          </fieldset>

          <div className="form-actions">
            <button type="submit" className="button" disabled={update.isPending}>
              {update.isPending ? t('Updating...') : t('Update')}
            </button>
          </div>
          <Snackbar message={notice} />
        </form>
        {/* Its own form beside the shop's: only an approved seller has payouts. */}
        {details.is_seller && <PayoutAccountSection />}
      </div>
      <div className="shop-settings-preview">
        <StorefrontPreview shop={live} />
      </div>
    </div>
  );
}
