import type { SiteTextField } from '@torget/shared/rules/settings';
import type { ReactNode } from 'react';
import { useSiteSettings } from '#web/api/get-site-settings.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { RichText } from '#web/components/rich-text.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../info.css';

/**
 * One of the admin-set site texts as sanitised HTML. The loading indicator appears only after
 * 500 ms; a failure shows the red error box. What the page shows below the text (`children`)
 * appears with it, not before: the text arriving above it would push it down (layout shift).
 */
export function SiteText({ field, children }: { field: SiteTextField; children?: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  if (settings.isPending) return <LoadingBox />;
  return (
    <>
      {settings.isError ? (
        <MessageBox variant="danger">{t(settings.error.message)}</MessageBox>
      ) : (
        <RichText html={settings.data[field]} className="site-text" />
      )}
      {children}
    </>
  );
}
