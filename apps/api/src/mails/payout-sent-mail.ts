/**
 * The mail to a seller whose payout an admin has just marked sent: the amount, the bank
 * reference it arrives with, and the orders whose money it pays. Sellers keep no language of
 * their own and an admin sends it, so it is in Swedish, then English, as the other seller mails.
 */
import { formatSekAmount, formatSekSwedish, oreToSek } from '@torget/shared/rules/money';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import type { Mail } from '#api/lib/mailer.ts';

export function payoutSentMail(
  line: { seller: { name: string; email: string }; amountOre: number; orderNumbers: number[]; reference: string },
  siteOrigin: string,
): Mail {
  const sek = oreToSek(line.amountOre);
  const orders = line.orderNumbers.map(formatOrderNumber).join(', ');
  const financesUrl = `${siteOrigin}/my_shop_menu`;
  return {
    to: line.seller.email,
    subject: `Utbetalning från Torget: ${formatSekSwedish(sek)} / Payout from Torget: SEK ${formatSekAmount(sek)}`,
    text: [
      `Hej ${line.seller.name}!`,
      '',
      `Vi har betalat ut ${formatSekSwedish(sek)} till ditt utbetalningskonto, med referensen ${line.reference}.`,
      orders ? `Utbetalningen gäller beställningarna ${orders}.` : 'Utbetalningen gäller ditt saldo.',
      'Pengarna brukar synas på kontot inom 1–2 bankdagar.',
      `Ekonomi: ${financesUrl}`,
      '',
      `We have paid SEK ${formatSekAmount(sek)} to your payout account, with the reference ${line.reference}.`,
      orders ? `The payout covers orders ${orders}.` : 'The payout covers your balance.',
      'The money usually shows in the account within 1–2 bank days.',
      `Finances: ${financesUrl}`,
    ].join('\n'),
  };
}
