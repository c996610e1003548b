import { zodResolver } from '@hookform/resolvers/zod';
import { SITE_TEXT_FIELDS, SITE_TEXT_MAX, type SiteSettings, type SiteTextField } from '@torget/shared/rules/settings';
import { siteSettingsUpdateSchema } from '@torget/shared/schemas/settings';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSiteSettings } from '#web/api/get-site-settings.ts';
import { FieldError } from '#web/components/field-error.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useSnackbar } from '#web/components/snackbar.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useUpdateSiteSettings } from '../api/update-site-settings';
import '../admin.css';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Each site text's label and hint, in the UI language. */
const labels = (t: Translate): Record<SiteTextField, { label: string; hint: string }> => ({
  about_text: { label: t('About text'), hint: t('Shown on {{path}}.', { path: '/about' }) },
  privacy_text: { label: t('Privacy text'), hint: t('Shown on {{path}}.', { path: '/privacy' }) },
  become_seller_text_1: { label: t('Become seller text 1'), hint: t('Shown on {{path}}.', { path: '/seller_info_1' }) },
  become_seller_text_2: {
    label: t('Become seller text 2'),
    hint: t('Shown on {{path}}, above the plans.', { path: '/seller_info_2' }),
  },
  privacy_policy_text: { label: t('Privacy policy text'), hint: t('Shown on {{path}}.', { path: '/privacy_policy' }) },
});

/** /admin_settings (spec section 2, Admin settings): the five site texts, as HTML. */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Admin / Settings'));
  const settings = useSiteSettings();
  return (
    <section className="page form-page" aria-labelledby="admin-settings-heading">
      <div className="form-card form-card-wide">
        <h1 id="admin-settings-heading">{t('Site texts')}</h1>
        {settings.isPending ? (
          <LoadingBox />
        ) : settings.isError ? (
          <MessageBox variant="danger">{t(settings.error.message)}</MessageBox>
        ) : (
          <SettingsForm initial={settings.data} />
        )}
      </div>
    </section>
  );
}

/** One site text: a labelled HTML text area with its hint and its message beside it. */
function SiteTextArea({
  field,
  registration,
  error,
}: {
  field: SiteTextField;
  registration: ReturnType<ReturnType<typeof useForm<SiteSettings>>['register']>;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const text = labels(t)[field];
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{text.label}</label>
      <textarea
        id={id}
        rows={8}
        maxLength={SITE_TEXT_MAX}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className="form-hint">
        {text.hint}
      </p>
      <FieldError id={errorId} message={error && formMessage(t, error)} />
    </div>
  );
}

/**
 * The form is checked in the browser by the same schema the server checks PUT /api/settings/
 * with; the form always sends all five texts.
 */
const settingsFormSchema = siteSettingsUpdateSchema.required();

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const { t } = useTranslation();
  const update = useUpdateSiteSettings();
  const [banner, showBanner] = useSnackbar();
  const form = useForm<SiteSettings>({ defaultValues: initial, resolver: zodResolver(settingsFormSchema) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((texts) =>
    update.mutate(texts, {
      onSuccess: (saved) => {
        // What was saved, as the server sanitised it.
        form.reset(saved);
        showBanner(t('Settings were updated.'));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} className="settings-form" noValidate>
      <p className="form-hint">
        {t(
          'The texts are HTML. Formatting such as <p>, <strong>, lists and links is kept; scripts and images are removed when saved.',
        )}
      </p>
      {SITE_TEXT_FIELDS.map((field) => (
        <SiteTextArea key={field} field={field} registration={form.register(field)} error={errors[field]?.message} />
      ))}
      {/* Beside the Save button, where the admin's eyes are after saving. */}
      {banner && <MessageBox variant="success">{banner}</MessageBox>}
      {update.isError && <MessageBox variant="danger">{t(update.error.message)}</MessageBox>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? t('Saving...') : t('Save')}
        </button>
      </div>
    </form>
  );
}
