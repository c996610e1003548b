import { zodResolver } from '@hookform/resolvers/zod';
import { SITE_TEXT_FIELDS, SITE_TEXT_MAX, type SiteSettings, type SiteTextField } from '@torget/shared/rules/settings';
import { siteSettingsUpdateSchema } from '@torget/shared/schemas/settings';
import { Controller, useForm } from 'react-hook-form';
import { useSiteSettings } from '#web/api/get-site-settings.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { RichTextEditor } from '#web/components/rich-text-editor.tsx';
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

/**
 * /admin_settings (spec section 2, Admin settings): the five site texts, each in the rich-text
 * editor the product descriptions use (with an "HTML" switch). The server sanitises what is saved
 * and the pages sanitise it again when they show it.
 */
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
  const fields = labels(t);

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
          'Headings, bold, italic, lists, quotes and links are kept; scripts and images are removed when saved. The </> button shows a text as HTML.',
        )}
      </p>
      {SITE_TEXT_FIELDS.map((field) => (
        <Controller
          key={field}
          control={form.control}
          name={field}
          render={({ field: input, fieldState }) => (
            <RichTextEditor
              label={fields[field].label}
              hint={fields[field].hint}
              value={input.value ?? ''}
              onChange={input.onChange}
              maxLength={SITE_TEXT_MAX}
              error={fieldState.error?.message && formMessage(t, fieldState.error.message)}
              htmlSource
            />
          )}
        />
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
