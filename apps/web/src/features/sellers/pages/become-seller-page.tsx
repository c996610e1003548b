import { zodResolver } from '@hookform/resolvers/zod';
import type { SellerProfile } from '@torget/shared/api-types.generated';
import { planLabel } from '@torget/shared/rules/plans';
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { profileUpdateSchema } from '@torget/shared/schemas/accounts';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { formMessage } from '#web/lib/form-message.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useApplyToSell } from '../api/apply-to-sell';
import { AlreadySellerNotice } from '../components/already-seller-notice';
import { FormTextField } from '../components/form-text-field';
import { SellerIdentityFields } from '../components/seller-identity-fields';
import { ShopContactFields } from '../components/shop-contact-fields';
import '../sellers.css';

/** The spec's Swedish text, in both languages. */
const ALREADY_SELLER = 'Du är redan en säljare.';

type ChoosablePlan = '1' | '2';

const isChoosable = (plan: string): plan is ChoosablePlan => plan === '1' || plan === '2';

/**
 * /become_seller/{plan}: the Create Shop form (spec section 2, Seller application flow). Only
 * plans 1 and 2 can be chosen; sellers and earlier applicants are told so instead of the form.
 */
export function BecomeSellerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Create Shop'));
  const { plan = '' } = useParams();
  const { user } = useSession();
  const choosable = isChoosable(plan);
  // Held here, not in the form: the stored session says 'applied' as soon as the answer comes,
  // which replaces the form with the notice before the form could go on.
  const apply = useApplyToSell();
  const sending = apply.isPending || apply.isSuccess;
  // A rejected applicant changes the application they sent: the form starts from it.
  const mayApply = choosable && user !== null && !user.is_seller && !user.wants_to_be_seller;
  const details = useUserDetails(mayApply && !sending ? user._id : '');

  if (apply.isSuccess) return <Navigate to="/seller_application" />;

  let content: ReactNode;
  if (!user) {
    content = null; // The sign-in guard never lets a visitor here.
  } else if (choosable && sending) {
    content = <CreateShopForm userId={user._id} plan={plan} apply={apply} previous={details.data?.seller ?? null} />;
  } else if (user.is_seller) {
    content = <AlreadySellerNotice message={ALREADY_SELLER} to="/seller_profile" text={t('Shop settings')} />;
  } else if (user.wants_to_be_seller) {
    content = (
      <AlreadySellerNotice
        message={t('You already applied to become a seller.')}
        to="/seller_application"
        text={t('Your application')}
      />
    );
  } else if (choosable && details.isLoading) {
    content = <LoadingBox />;
  } else if (choosable) {
    content = <CreateShopForm userId={user._id} plan={plan} apply={apply} previous={details.data?.seller ?? null} />;
  } else {
    content = (
      <MessageBox>
        {t('This plan cannot be chosen.')} <Link to="/seller_info_2">{t('See the plans')}</Link>
      </MessageBox>
    );
  }

  return (
    <section className="page form-page" aria-labelledby="create-shop-heading">
      <div className="form-card">
        <h1 id="create-shop-heading">{t('Create Shop')}</h1>
        <p className="plan-summary">
          <span>{t('Plan {{plan}}', { plan })}</span>
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
  /** The shop of an application sent before (rejected): its fields fill the form. */
  previous: SellerProfile | null;
}

/** The Create Shop form's values: the application fields, checked by the shared profile schema. */
type ApplicationInput = z.input<typeof profileUpdateSchema>;
type ApplicationOutput = z.output<typeof profileUpdateSchema>;

function CreateShopForm({ userId, plan, apply, previous }: CreateShopFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<ApplicationInput, unknown, ApplicationOutput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      seller_name: previous?.name ?? '',
      seller_address: previous?.address ?? '',
      seller_post_number: previous?.post_number ?? '',
      seller_city: previous?.city ?? '',
      seller_phone: previous?.phone ?? '',
      seller_organisation_number: previous?.organisation_number ?? '',
      seller_type: previous?.type ?? '',
      seller_legal_name: previous?.legal_name ?? '',
      seller_personal_number: '',
      seller_self_certified: false,
      seller_description: previous?.description ?? '',
      // Not fields: they make the schema check the form as an application (checkSellerFields).
      wants_to_be_seller: true,
      seller_plan: plan,
    },
  });

  const onSubmit = handleSubmit((values) => {
    apply.mutate({
      userId,
      seller_name: values.seller_name ?? '',
      seller_description: values.seller_description ?? '',
      wants_to_be_seller: true,
      seller_plan: plan,
      seller_address: values.seller_address ?? '',
      seller_post_number: values.seller_post_number ?? '',
      seller_city: values.seller_city ?? '',
      seller_phone: values.seller_phone ?? '',
      seller_organisation_number: values.seller_organisation_number ?? '',
      seller_type: values.seller_type ?? '',
      seller_legal_name: values.seller_legal_name ?? '',
      seller_personal_number: values.seller_personal_number ?? '',
      seller_self_certified: values.seller_self_certified === true,
    });
  });
  const sellerType = useWatch({ control, name: 'seller_type' });

  return (
    <form onSubmit={onSubmit} className="shop-form" noValidate>
      {apply.isError && <MessageBox variant="danger">{t(apply.error.message)}</MessageBox>}
      <FormTextField
        control={control}
        name="seller_name"
        label={t('Shop Name')}
        autoComplete="organization"
        maxLength={SELLER_FIELDS.name.max}
      />
      <SellerIdentityFields control={control} />
      <ShopContactFields control={control} application organisationNumber={sellerType !== 'private'} />
      <Controller
        control={control}
        name="seller_description"
        render={({ field, fieldState }) => (
          <>
            <TextAreaField
              label={t('Shop Description')}
              maxLength={SELLER_FIELDS.description.max}
              hint={t('Tell customers about your shop. Simple HTML such as <p> and <strong> is kept.')}
              value={field.value ?? ''}
              onChange={field.onChange}
            />
            {fieldState.error && (
              <p className="form-error" role="alert">
                {formMessage(t, fieldState.error.message ?? '')}
              </p>
            )}
          </>
        )}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={apply.isPending}>
          {apply.isPending ? t('Sending...') : t('Create Shop')}
        </button>
      </div>
    </form>
  );
}
