/**
 * The origin (scheme://host[:port]) that links in outgoing mail point at.
 *
 * People trust a link in a mail from us, so its host and scheme are never taken from the
 * request unchecked: a visitor could send `Host: evil.example` or `X-Forwarded-Host`, ask for a
 * password reset for someone else's e-mail, and the real reset mail would carry the token to
 * their site. The link keeps the request's host only when the site resolved for it is the
 * marketplace (site/origin.ts, the rule of `@torget/shared/rules/hosts`), and its scheme only
 * when it is http or https; otherwise it points at the canonical main host over https.
 */
import { canonicalMainHost } from '@torget/shared/rules/hosts';
import { mainHostOrigin, type OriginSource, onMainHost } from '#api/site/origin.ts';

export function mailLinkOrigin(request: OriginSource, mainHosts: readonly string[]): string {
  if (onMainHost(request, mainHosts)) return mainHostOrigin(request);
  return `https://${canonicalMainHost(mainHosts)}`;
}
