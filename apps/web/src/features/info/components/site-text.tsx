import type { SiteTextField } from '@torget/shared/rules/settings';
import { LoadingBox } from '../../../components/loading-box';
import { MessageBox } from '../../../components/message-box';
import { RichText } from '../../../components/rich-text';
import { useSiteSettings } from '../api/get-site-settings';
import '../info.css';

/**
 * One of the admin-set site texts as sanitised HTML. The loading indicator appears only after
 * 500 ms; a failure shows the red error box.
 */
export function SiteText({ field }: { field: SiteTextField }) {
  const settings = useSiteSettings();
  if (settings.isPending) return <LoadingBox />;
  if (settings.isError) return <MessageBox variant="danger">{settings.error.message}</MessageBox>;
  return <RichText html={settings.data[field]} className="site-text" />;
}
