/**
 * The mail to a buyer whose PayPal payment paid nothing (the order was cancelled or expired
 * meanwhile, was paid already, or the amount did not match): the payment is being refunded.
 * In the buyer's language, as the order confirmation is (order-mails.ts).
 */
import type { Language } from '@torget/shared/rules/languages';
import { formatSek, formatSekSwedish, oreToSek } from '@torget/shared/rules/money';
import type { Mail } from '#api/lib/mailer.ts';

export type UnusedPaymentReason = 'duplicate' | 'cancelled' | 'expired' | 'wrong_amount';

export interface RefundedPayment {
  buyer: { name: string; email: string };
  order: { id: string; orderNumber: string; sellerName: string };
  amountOre: number;
  currency: string;
  reason: UnusedPaymentReason;
}

const REASONS: Record<UnusedPaymentReason, { sv: string; en: string }> = {
  cancelled: {
    sv: 'Ordern hade avbrutits av säljaren innan betalningen kom fram.',
    en: 'The order had been cancelled by the seller before the payment arrived.',
  },
  expired: {
    sv: 'Ordern hade hunnit gå ut (den betalades inte i tid) innan betalningen kom fram.',
    en: 'The order had expired (it was not paid in time) before the payment arrived.',
  },
  duplicate: {
    sv: 'Ordern var redan betald med en annan betalning.',
    en: 'The order had already been paid by another payment.',
  },
  wrong_amount: {
    sv: 'Betalningens belopp stämde inte med orderns totalbelopp.',
    en: "The payment's amount did not match the order total.",
  },
};

function amountText(payment: RefundedPayment, swedish: boolean): string {
  const sek = oreToSek(payment.amountOre);
  if (payment.currency !== 'SEK') return `${payment.currency} ${sek.toFixed(2)}`;
  return swedish ? formatSekSwedish(sek) : formatSek(sek);
}

export function paymentRefundMail(payment: RefundedPayment, siteOrigin: string, language: Language = 'en'): Mail {
  const { buyer, order, reason } = payment;
  const link = `${siteOrigin}/order/${order.id}`;
  const swedish = language === 'sv';
  const svAmount = amountText(payment, true);
  const enAmount = amountText(payment, false);
  const swedishLines = [
    `Vi har tagit emot din PayPal-betalning på ${svAmount} för order ${order.orderNumber} hos ${order.sellerName}, men den betalade inte ordern.`,
    REASONS[reason].sv,
    'Betalningen återbetalas till ditt PayPal-konto. Du behöver inte göra något.',
    `Se ordern: ${link}`,
  ];
  const englishLines = [
    `We received your PayPal payment of ${enAmount} for order ${order.orderNumber} from ${order.sellerName}, but it did not pay the order.`,
    REASONS[reason].en,
    'The payment is being refunded to your PayPal account. There is nothing you need to do.',
    `See the order: ${link}`,
  ];
  return {
    to: buyer.email,
    subject: `Din betalning återbetalas${swedish ? '' : ' / Your payment is being refunded'} ${order.orderNumber}`,
    text: [`Hej ${buyer.name}!`, '', ...swedishLines, ...(swedish ? [] : ['', ...englishLines])].join('\n'),
  };
}
