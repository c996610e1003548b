import { PLANS, type PlanCode, planLabel } from '@torget/shared/rules/plans';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../info.css';

/** 'Gratis' for a free plan, otherwise the yearly price in kronor. */
export function planPrice(code: PlanCode): string {
  const price = PLANS[code].yearlyPriceSek;
  return price === 0 ? 'Gratis' : `${price} kr/år`;
}

/**
 * One plan on /seller_info_2: its label and price, and the way to choose it. A signed-out
 * visitor goes through sign-in first; a plan that cannot be chosen yet says 'Kommer snart'. The cards' buttons are Swedish in both languages,
 * like the spec's other buttons of the seller programme.
 */
export function PlanCard({ code }: { code: PlanCode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const headingId = useId();
  const plan = PLANS[code];
  const target = `become_seller/${code}`;
  const href = user ? `/${target}` : `/signin?redirect=${target}`;
  return (
    <article className={`card plan-card${plan.selectable ? '' : ' is-unavailable'}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('Plan {{plan}}', { plan: code })}</h2>
      <p className="plan-card-label">{planLabel(code)}</p>
      <p className="plan-card-price">{planPrice(code)}</p>
      {plan.selectable ? (
        <Link to={href} className="button">
          {`Välj Plan ${code}`}
        </Link>
      ) : (
        <button type="button" className="button" disabled>
          Kommer snart
        </button>
      )}
    </article>
  );
}
