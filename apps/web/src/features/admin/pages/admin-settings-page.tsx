import { SITE_TEXT_FIELDS, SITE_TEXT_MAX, type SiteSettings, type SiteTextField } from '@torget/shared/rules/settings';
import { type FormEvent, useState } from 'react';
import { useSiteSettings } from '#web/api/get-site-settings.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useSnackbar } from '#web/components/snackbar.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
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

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const update = useUpdateSiteSettings();
  const [banner, showBanner] = useSnackbar();
  const [texts, setTexts] = useState<SiteSettings>(initial);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(texts, {
      onSuccess: (saved) => {
        // What was saved, as the server sanitised it.
        setTexts(saved);
        showBanner(SETTINGS_UPDATED);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} className="settings-form">
      <p className="form-hint">
        The texts are HTML. Formatting such as &lt;p&gt;, &lt;strong&gt;, lists and links is kept; scripts and images
        are removed when saved.
      </p>
      {SITE_TEXT_FIELDS.map((field) => (
        <TextAreaField
          key={field}
          label={LABELS[field].label}
          hint={LABELS[field].hint}
          rows={8}
          maxLength={SITE_TEXT_MAX}
          value={texts[field]}
          onChange={(value) => setTexts((current) => ({ ...current, [field]: value }))}
        />
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
