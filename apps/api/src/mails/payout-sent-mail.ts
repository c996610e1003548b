/**
 * The mail to a seller whose payout an admin has just marked sent: the amount, the bank
 * reference it arrives with, and the orders whose money it pays. In the seller's language as
 * their orders last recorded it: 'sv' Swedish only; otherwise (or not known) Swedish, then
 * English, as the other mails.
 */
import type { Language } from '@torget/shared/rules/languages';
import { formatSekAmount, formatSekSwedish, oreToSek } from '@torget/shared/rules/money';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import type { Mail } from '#api/lib/mailer.ts';

export function payoutSentMail(
  line: {
    seller: { name: string; email: string; language: Language | null };
    amountOre: number;
    orderNumbers: number[];
    reference: string;
  },
  siteOrigin: string,
): Mail {
  const sek = oreToSek(line.amountOre);
  const orders = line.orderNumbers.map(formatOrderNumber).join(', ');
  const financesUrl = `${siteOrigin}/my_shop_menu`;
  const swedish = [
    `Hej ${line.seller.name}!`,
    '',
    `Vi har betalat ut ${formatSekSwedish(sek)} till ditt utbetalningskonto, med referensen ${line.reference}.`,
    orders ? `Utbetalningen gäller beställningarna ${orders}.` : 'Utbetalningen gäller ditt saldo.',
    'Pengarna brukar synas på kontot inom 1–2 bankdagar.',
    `Ekonomi: ${financesUrl}`,
  ];
  const subject = `Utbetalning från Torget: ${formatSekSwedish(sek)}`;
  if (line.seller.language === 'sv') return { to: line.seller.email, subject, text: swedish.join('\n') };
  return {
    to: line.seller.email,
    subject: `${subject} / Payout from Torget: SEK ${formatSekAmount(sek)}`,
    text: [
      ...swedish,
      '',
      `We have paid SEK ${formatSekAmount(sek)} to your payout account, with the reference ${line.reference}.`,
      orders ? `The payout covers orders ${orders}.` : 'The payout covers your balance.',
      'The money usually shows in the account within 1–2 bank days.',
      `Finances: ${financesUrl}`,
    ].join('\n'),
  };
}
