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
import { useUpdateSiteSettings } from '../api/update-site-settings';
import '../admin.css';

const SETTINGS_UPDATED = 'Settings were updated.';

const LABELS: Record<SiteTextField, { label: string; hint: string }> = {
  about_text: { label: 'About text', hint: 'Shown on /about.' },
  privacy_text: { label: 'Privacy text', hint: 'Shown on /privacy.' },
  become_seller_text_1: { label: 'Become seller text 1', hint: 'Shown on /seller_info_1.' },
  become_seller_text_2: { label: 'Become seller text 2', hint: 'Shown on /seller_info_2, above the plans.' },
  privacy_policy_text: { label: 'Privacy policy text', hint: 'Shown on /privacy_policy.' },
};

/** /admin_settings (spec section 2, Admin settings): the five site texts, as HTML. */
export function AdminSettingsPage() {
  useDocumentTitle('Admin / Settings');
  const settings = useSiteSettings();
  return (
    <section className="page form-page" aria-labelledby="admin-settings-heading">
      <div className="form-card form-card-wide">
        <h1 id="admin-settings-heading">Site texts</h1>
        {settings.isPending ? (
          <LoadingBox />
        ) : settings.isError ? (
          <MessageBox variant="danger">{settings.error.message}</MessageBox>
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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{LABELS[field].label}</label>
      <textarea
        id={id}
        rows={8}
        maxLength={SITE_TEXT_MAX}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className="form-hint">
        {LABELS[field].hint}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * The form is checked in the browser by the same schema the server checks PUT /api/settings/
 * with; the form always sends all five texts.
 */
const settingsFormSchema = siteSettingsUpdateSchema.required();

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const update = useUpdateSiteSettings();
  const [banner, showBanner] = useSnackbar();
  const form = useForm<SiteSettings>({ defaultValues: initial, resolver: zodResolver(settingsFormSchema) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((texts) =>
    update.mutate(texts, {
      onSuccess: (saved) => {
        // What was saved, as the server sanitised it.
        form.reset(saved);
        showBanner(SETTINGS_UPDATED);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} className="settings-form" noValidate>
      <p className="form-hint">
        The texts are HTML. Formatting such as &lt;p&gt;, &lt;strong&gt;, lists and links is kept; scripts and images
        are removed when saved.
      </p>
      {SITE_TEXT_FIELDS.map((field) => (
        <SiteTextArea key={field} field={field} registration={form.register(field)} error={errors[field]?.message} />
      ))}
      {/* Beside the Save button, where the admin's eyes are after saving. */}
      {banner && <MessageBox variant="success">{banner}</MessageBox>}
      {update.isError && <MessageBox variant="danger">{update.error.message}</MessageBox>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
