/**
 * The mails of a withdrawal (docs/decisions/235-withdrawals.md): the buyer's confirmation, sent at
 * once with the date and the lines (the durable medium the law asks for), the seller's notice, and
 * the buyer's mail when the seller or an admin decides. Each in the recipient's language, linking
 * to the order on the site it was placed on (order-status-mails.ts).
 */
import type { OrderWithdrawal } from '@torget/shared/api-types.generated';
import { displayDateTime } from '@torget/shared/rules/dates';
import { formatSek, formatSekSwedish } from '@torget/shared/rules/money';
import type { Mail } from '#api/lib/mailer.ts';
import { mailIn, type OrderMailContext, type Recipient } from './order-status-mails';

function lineList(withdrawal: OrderWithdrawal): string[] {
  return withdrawal.lines.map((line) => `- ${line.qty} × ${line.name}`);
}

function reasonLine(withdrawal: OrderWithdrawal, label: string): string[] {
  return withdrawal.reason ? [`${label}: ${withdrawal.reason}`] : [];
}

/** To the buyer at once: the withdrawal as received, with its date and lines. */
export function withdrawalConfirmationMail(
  buyer: Recipient,
  order: OrderMailContext,
  withdrawal: OrderWithdrawal,
): Mail {
  return mailIn(
    buyer,
    {
      subject: `Bekräftelse på ditt ångerköp ${order.orderNumber}`,
      lines: [
        `Vi har tagit emot ditt meddelande om att du ångrar köpet i order ${order.orderNumber} från ${order.shopName}.`,
        `Mottaget: ${displayDateTime(withdrawal.requestedAt, 'sv')}`,
        'Du ångrar:',
        ...lineList(withdrawal),
        ...reasonLine(withdrawal, 'Skäl'),
        `${order.shopName} återkommer om returen och återbetalningen.`,
        `Se ordern: ${order.orderLink}`,
      ],
    },
    {
      subject: `Confirmation of your withdrawal ${order.orderNumber}`,
      lines: [
        `We have received your notice that you withdraw from your purchase in order ${order.orderNumber} from ${order.shopName}.`,
        `Received: ${displayDateTime(withdrawal.requestedAt)}`,
        'You withdraw from:',
        ...lineList(withdrawal),
        ...reasonLine(withdrawal, 'Reason'),
        `${order.shopName} will be in touch about the return and the refund.`,
        `See the order: ${order.orderLink}`,
      ],
    },
  );
}

/** To the seller: the buyer withdraws, which lines, and where to decide. */
export function withdrawalNoticeMail(
  seller: Recipient,
  order: OrderMailContext,
  buyerName: string,
  withdrawal: OrderWithdrawal,
): Mail {
  return mailIn(
    seller,
    {
      subject: `Ångerköp i order ${order.orderNumber}`,
      lines: [
        `${buyerName} ångrar köpet i order ${order.orderNumber} (${displayDateTime(withdrawal.requestedAt, 'sv')}):`,
        ...lineList(withdrawal),
        ...reasonLine(withdrawal, 'Skäl'),
        `Godkänn när varorna kommer tillbaka: ${order.orderLink}`,
      ],
    },
    {
      subject: `Withdrawal in order ${order.orderNumber}`,
      lines: [
        `${buyerName} withdraws from the purchase in order ${order.orderNumber} (${displayDateTime(withdrawal.requestedAt)}):`,
        ...lineList(withdrawal),
        ...reasonLine(withdrawal, 'Reason'),
        `Accept it when the goods come back: ${order.orderLink}`,
      ],
    },
  );
}

/** To the buyer: the withdrawal was accepted (with the refund) or rejected. */
export function withdrawalDecisionMail(buyer: Recipient, order: OrderMailContext, withdrawal: OrderWithdrawal): Mail {
  const accepted = withdrawal.state === 'accepted';
  const refund = withdrawal.refundAmount ?? 0;
  return mailIn(
    buyer,
    {
      subject: accepted
        ? `Ditt ångerköp är godkänt ${order.orderNumber}`
        : `Ditt ångerköp har avslagits ${order.orderNumber}`,
      lines: [
        accepted
          ? `${order.shopName} har godkänt ditt ångerköp i order ${order.orderNumber}.`
          : `${order.shopName} har avslagit ditt ångerköp i order ${order.orderNumber}. Svara på ordersidan om du har frågor.`,
        ...lineList(withdrawal),
        ...(accepted && refund > 0 ? [`Återbetalning: ${formatSekSwedish(refund)}`] : []),
        `Se ordern: ${order.orderLink}`,
      ],
    },
    {
      subject: accepted
        ? `Your withdrawal was accepted ${order.orderNumber}`
        : `Your withdrawal was rejected ${order.orderNumber}`,
      lines: [
        accepted
          ? `${order.shopName} has accepted your withdrawal in order ${order.orderNumber}.`
          : `${order.shopName} has rejected your withdrawal in order ${order.orderNumber}. Reply on the order page if you have questions.`,
        ...lineList(withdrawal),
        ...(accepted && refund > 0 ? [`Refund: ${formatSek(refund)}`] : []),
        `See the order: ${order.orderLink}`,
      ],
    },
  );
}
