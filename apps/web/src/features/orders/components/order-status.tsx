import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import type { StatusBadge, StatusTone } from '../utils/order-status';

/** A small drawn icon per tone, so the state is not told by colour alone. */
function StatusIcon({ tone }: { tone: StatusTone }) {
  const path =
    tone === 'done'
      ? 'M4 10.5l4 4 8-9' // a tick
      : tone === 'problem'
        ? 'M6 6l8 8M14 6l-8 8' // a cross
        : 'M10 5v5l3 2'; // clock hands
  return (
    <svg className="status-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      {tone === 'waiting' && <circle cx="10" cy="10" r="7.5" />}
      <path d={path} />
    </svg>
  );
}

/** The friendly state of the order as a row of badges (utils/order-status.ts). */
export function StatusBadges({ badges }: { badges: readonly StatusBadge[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="status-badges" aria-label={t('Order status')}>
      {badges.map((badge) => (
        <li key={badge.text} className={`status-badge status-${badge.tone}`}>
          <StatusIcon tone={badge.tone} />
          {t(badge.phrase, { date: format.date(badge.at) })}
        </li>
      ))}
    </ul>
  );
}

/**
 * The paid or delivered state in its card, with the established texts ("Not Paid", "Paid at
 * 2026-01-15"): calm (neutral, an icon) while waiting, green when done, never red.
 */
export function StatusBox({
  done,
  at,
  doneText,
  notText,
}: {
  done: boolean;
  at: string | null;
  doneText: string;
  notText: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const tone: StatusTone = done ? 'done' : 'waiting';
  return (
    <p className={`status-box status-${tone}`}>
      <StatusIcon tone={tone} />
      <span>{done ? `${t(doneText)} ${format.date(at)}` : t(notText)}</span>
    </p>
  );
}
