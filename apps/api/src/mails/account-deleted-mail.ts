/**
 * The confirmation of a deleted account, sent to the address the account had: what was removed,
 * what the law keeps (orders and the books, 7 years, under the anonymised name), and what to do if
 * it was not them.
 */
import type { Language } from '@torget/shared/rules/languages';
import { BOOKKEEPING_YEARS } from '@torget/shared/rules/personal-data';
import type { Mail } from '#api/lib/mailer.ts';

/** In Swedish only when the deletion came from the Svenska UI; otherwise in both languages. */
export function accountDeletedMail(
  account: { name: string; email: string },
  siteOrigin: string,
  language: Language = 'en',
): Mail {
  const privacyUrl = `${siteOrigin}/privacy`;
  const swedish = [
    `Hej ${account.name}!`,
    '',
    'Ditt konto på Torget är raderat. Ditt namn, din e-postadress, dina adresser och ditt lösenord är borttagna,',
    'dina omdömen visas utan ditt namn och du är utloggad överallt.',
    `Dina ordrar och bokföringen sparas i ${BOOKKEEPING_YEARS} år enligt bokföringslagen, med ditt namn anonymiserat.`,
    '',
    'Var det inte du? Kontakta oss genast genom att svara på det här mejlet.',
    `Så hanterar vi personuppgifter: ${privacyUrl}`,
  ];
  if (language === 'sv') {
    return { to: account.email, subject: 'Ditt konto på Torget är raderat', text: swedish.join('\n') };
  }
  return {
    to: account.email,
    subject: 'Ditt konto på Torget är raderat / Your Torget account was deleted',
    text: [
      ...swedish,
      '',
      `Hello ${account.name},`,
      '',
      'Your Torget account was deleted. Your name, e-mail address, addresses and password are removed,',
      'your reviews are shown without your name, and you are signed out everywhere.',
      `Your orders and the books are kept for ${BOOKKEEPING_YEARS} years, as the Bookkeeping Act requires, with your name anonymised.`,
      '',
      'Was it not you? Contact us at once by replying to this e-mail.',
      `How we handle personal data: ${privacyUrl}`,
    ].join('\n'),
  };
}
