import { zodResolver } from '@hookform/resolvers/zod';
import type { UserDetails } from '@torget/shared/api-types.generated';
import { isPlanCode, PLAN_CODES, type PlanCode, planLabel } from '@torget/shared/rules/plans';
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { adminUserUpdateSchema } from '@torget/shared/schemas/accounts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useUserDetails } from '#web/api/user-details.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { RichText } from '#web/components/rich-text.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useUpdateUser } from '../api/update-user';
import '../admin.css';

/**
 * /user/{id}/edit (spec section 2, admin): seller and admin roles and the seller's own domain,
 * with the user's seller application to read before approving it.
 */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useUserDetails(id);
  const title = user.data ? t('Edit User {{name}}', { name: user.data.name }) : t('Edit User');
  useDocumentTitle(title);
  return (
    <section className="page form-page" aria-labelledby="user-edit-heading">
      <div className="form-card">
        <h1 id="user-edit-heading">{title}</h1>
        {user.isPending ? (
          <LoadingBox />
        ) : user.isError ? (
          <MessageBox variant="danger">{t(user.error.message)}</MessageBox>
        ) : (
          <UserEditForm key={user.data._id} user={user.data} />
        )}
        <p className="form-links">
          <Link to="/userlist" className="standalone-link">
            {t('Back to users')}
          </Link>
        </p>
      </div>
    </section>
  );
}

type UserEditInput = z.input<typeof adminUserUpdateSchema>;
type UserEditOutput = z.output<typeof adminUserUpdateSchema>;

/**
 * The shop the user applied for (or runs): what the admin reads before approving.
 * The description is the seller's HTML, sanitised again for display.
 */
function SellerApplication({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const shop = user.seller;
  if (!shop) return null;
  const waiting = user.wants_to_be_seller && !user.is_seller;
  return (
    <section className="seller-application-review" aria-labelledby="seller-application-heading">
      <h2 id="seller-application-heading">{waiting ? t('Seller application') : t('Shop')}</h2>
      <dl className="form-summary">
        <dt>{t('Plan')}</dt>
        <dd>
          {shop.plan === '' ? '-' : t('Plan {{plan}}: {{label}}', { plan: shop.plan, label: planLabel(shop.plan) })}
        </dd>
        <dt>{t('Shop name')}</dt>
        <dd>{shop.name}</dd>
        <dt>{t('Address')}</dt>
        <dd>{shop.address || '-'}</dd>
        <dt>{t('Post number')}</dt>
        <dd>{shop.post_number || '-'}</dd>
        <dt>{t('City')}</dt>
        <dd>{shop.city || '-'}</dd>
        <dt>{t('Phone')}</dt>
        <dd>{shop.phone || '-'}</dd>
        <dt>{t('Organisation number')}</dt>
        <dd>{shop.organisation_number || '-'}</dd>
        <dt>{t('Description')}</dt>
        <dd>{shop.description.trim() === '' ? '-' : <RichText html={shop.description} />}</dd>
      </dl>
    </section>
  );
}

const isPlan = (plan: string | undefined): plan is PlanCode => plan !== undefined && isPlanCode(plan);

function UserEditForm({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateUser = useUpdateUser();
  const ids = {
    seller: useId(),
    admin: useId(),
    domain: useId(),
    domainHint: useId(),
    domainError: useId(),
    plan: useId(),
    planHint: useId(),
  };
  const currentPlan = user.seller?.plan;
  const { register, handleSubmit, control, formState } = useForm<UserEditInput, unknown, UserEditOutput>({
    resolver: zodResolver(adminUserUpdateSchema),
    defaultValues: {
      is_seller: user.is_seller,
      is_admin: user.is_admin,
      seller_domain: user.seller?.domain ?? '',
      ...(isPlan(currentPlan) ? { seller_plan: currentPlan } : {}),
    },
  });
  const isSeller = useWatch({ control, name: 'is_seller' });
  const domainError = formState.errors.seller_domain?.message;

  const onSubmit = handleSubmit((values) => {
    updateUser.mutate(
      {
        _id: user._id,
        is_seller: values.is_seller ?? false,
        is_admin: values.is_admin ?? false,
        // A disabled input (not a seller) hands on no value: the stored domain stays as it was.
        seller_domain: values.seller_domain ?? user.seller?.domain ?? '',
        // The plan only when changed: a move from plan 1 to a paid plan books its yearly fee.
        ...(values.seller_plan && values.seller_plan !== currentPlan ? { seller_plan: values.seller_plan } : {}),
      },
      { onSuccess: () => navigate('/userlist') },
    );
  });

  return (
    <>
      <dl className="form-summary">
        <dt>{t('Email')}</dt>
        <dd>{user.email}</dd>
        {user.wants_to_be_seller && !user.is_seller && (
          <>
            <dt>{t('Shop')}</dt>
            <dd>{t('Waiting for approval')}</dd>
          </>
        )}
      </dl>
      <SellerApplication user={user} />
      <form onSubmit={onSubmit} noValidate>
        {updateUser.isError && <MessageBox variant="danger">{t(updateUser.error.message)}</MessageBox>}
        <div className="form-check">
          <input id={ids.seller} type="checkbox" {...register('is_seller')} />
          <label htmlFor={ids.seller}>{t('Is Seller')}</label>
        </div>
        <div className="form-check">
          <input id={ids.admin} type="checkbox" {...register('is_admin')} />
          <label htmlFor={ids.admin}>{t('Is Admin')}</label>
        </div>
        <div className="form-field">
          <label htmlFor={ids.domain}>{t('Seller domain')}</label>
          <input
            id={ids.domain}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={SELLER_FIELDS.domain.max}
            placeholder="butik.example.se"
            disabled={!isSeller}
            aria-invalid={domainError ? true : undefined}
            aria-describedby={domainError ? `${ids.domainHint} ${ids.domainError}` : ids.domainHint}
            {...register('seller_domain')}
          />
          <p id={ids.domainHint} className="form-hint">
            {t('For sellers only: the shop’s own domain, without http://. Leave empty for none.')}
          </p>
          {domainError && (
            <p id={ids.domainError} className="form-error" role="alert">
              {t(domainError)}
            </p>
          )}
        </div>
        {isPlan(currentPlan) && (
          <div className="form-field">
            <label htmlFor={ids.plan}>{t('Seller plan')}</label>
            <select id={ids.plan} className="select-input" aria-describedby={ids.planHint} {...register('seller_plan')}>
              {PLAN_CODES.map((code) => (
                <option key={code} value={code}>
                  {t('Plan {{plan}}: {{label}}', { plan: code, label: planLabel(code) })}
                </option>
              ))}
            </select>
            <p id={ids.planHint} className="form-hint">
              {t('For sellers only. Moving an approved seller from plan 1 to plan 2 or 3 books the plan’s yearly fee.')}
            </p>
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="button" disabled={updateUser.isPending}>
            {updateUser.isPending ? t('Updating...') : t('Update')}
          </button>
        </div>
      </form>
    </>
  );
}
