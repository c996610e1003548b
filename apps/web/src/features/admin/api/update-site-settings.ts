import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '@torget/shared/rules/settings';
import { SITE_SETTINGS_QUERY_KEY } from '#web/api/get-site-settings.ts';
import { api } from '#web/lib/api-client.ts';

/** PUT /api/settings/ (bearer, admin): the five site texts, answered sanitised. */
export function updateSiteSettings(settings: SiteSettings): Promise<SiteSettings> {
  return api.put<SiteSettings>('/api/settings/', settings, { auth: true });
}

/** Saves the site texts; the info pages then show the sanitised answer. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (saved) => queryClient.setQueryData(SITE_SETTINGS_QUERY_KEY, saved),
  });
}
