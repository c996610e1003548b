/**
 * The mail to a seller whose payout account was just set or changed: which account (masked), that
 * payouts wait until the hold ends, and what to do if it was not them. Someone who took over the
 * shop's sign-in would change the account first; this mail and the hold give the seller time.
 */
import type { MaskedPayoutAccount } from '@torget/shared/api-types.generated';
import type { Language } from '@torget/shared/rules/languages';
import type { Mail } from '#api/lib/mailer.ts';

const KIND_SV: Record<MaskedPayoutAccount['type'], string> = {
  bank_account: 'Bankkonto',
  bankgiro: 'Bankgiro',
  iban: 'IBAN',
};
const KIND_EN: Record<MaskedPayoutAccount['type'], string> = {
  bank_account: 'Bank account',
  bankgiro: 'Bankgiro',
  iban: 'IBAN',
};

/** '2026-03-04 11:00' in Swedish time. */
const swedishTime = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

const accountLine = (account: MaskedPayoutAccount, kinds: Record<MaskedPayoutAccount['type'], string>) =>
  `${kinds[account.type]}${account.bankName ? ` (${account.bankName})` : ''} ${account.masked}`;

/** In Swedish only when the change came from the Svenska UI; otherwise in both languages. */
export function payoutAccountChangedMail(
  seller: { name: string; email: string },
  account: MaskedPayoutAccount,
  heldUntil: string,
  siteOrigin: string,
  language: Language = 'en',
): Mail {
  const settingsUrl = `${siteOrigin}/seller_profile`;
  const until = swedishTime(heldUntil);
  const swedish = [
    `Hej ${seller.name}!`,
    '',
    `Utbetalningskontot för din butik på Torget har ändrats till: ${accountLine(account, KIND_SV)}.`,
    `Av säkerhetsskäl väntar utbetalningar till kontot till ${until} (svensk tid).`,
    '',
    'Var det inte du? Byt lösenord och kontrollera kontot direkt under Inställningar, och kontakta oss.',
    `Inställningar: ${settingsUrl}`,
  ];
  if (language === 'sv') {
    return { to: seller.email, subject: 'Ditt utbetalningskonto på Torget har ändrats', text: swedish.join('\n') };
  }
  return {
    to: seller.email,
    subject: 'Ditt utbetalningskonto på Torget har ändrats / Your Torget payout account was changed',
    text: [
      ...swedish,
      '',
      `The payout account of your Torget shop was changed to: ${accountLine(account, KIND_EN)}.`,
      `For your safety, payouts to it wait until ${until} (Swedish time).`,
      '',
      'Was it not you? Change your password and check the account in Settings at once, and contact us.',
      `Settings: ${settingsUrl}`,
    ].join('\n'),
  };
}
