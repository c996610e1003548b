import type { Order } from '@torget/shared/api-types.generated';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../withdrawals.css';
import { withdrawalBadges } from '../utils/order-status';

/** The order lists' word on a withdrawal, under the order number: "Withdrawal requested on …". */
export function WithdrawalNote({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [badge] = withdrawalBadges(order);
  if (!badge) return null;
  return (
    <span className={`withdrawal-note status-${badge.tone}`}>{t(badge.phrase, { date: format.date(badge.at) })}</span>
  );
}
