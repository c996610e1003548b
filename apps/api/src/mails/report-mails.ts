/**
 * The mails of a moderation decision (docs/decisions/243-hidden-and-removed-products.md):
 * - to the seller whose listing was removed, the statement of reasons (DSA art. 17): what was
 *   removed, the ground (the report's category), the facts (the admin's reason), that it was
 *   decided by a person on a report, and how to appeal. Swedish, then English: a seller's language
 *   is not known;
 * - to the reporter, the outcome, in the language the report was sent in.
 */

import type { Language } from '@torget/shared/rules/languages';
import { REPORT_CATEGORY_NAMES, type ReportCategory } from '@torget/shared/rules/reports';
import type { Mail } from '#api/lib/mailer.ts';

export interface RemovalFacts {
  category: ReportCategory;
  reason: string;
  /** The removed products' names; a shop report removes every product of the shop. */
  productNames: string[];
  shopReport: boolean;
  /** Where the statement is also shown: the seller's product list. */
  siteOrigin: string;
}

export function statementOfReasonsMail(seller: { name: string; email: string }, facts: RemovalFacts): Mail {
  const names = facts.productNames.map((name) => `- ${name}`);
  const listUrl = `${facts.siteOrigin}/productlist/seller?state=removed`;
  const ground = REPORT_CATEGORY_NAMES[facts.category];
  const sv = [
    facts.shopReport
      ? 'Efter en anmälan av din butik har vi tagit bort dina produkter från Torget:'
      : 'Efter en anmälan har vi tagit bort din produkt från Torget:',
    ...names,
    '',
    `Grund: ${ground.sv}`,
    `Skäl och fakta: ${facts.reason}`,
    'Beslutet fattades av en administratör efter en anmälan; det fattades inte automatiskt.',
    'Produkterna syns inte längre för köpare men finns kvar för dig, med detta besked, bland dina produkter:',
    listUrl,
    'Om du anser att beslutet är fel kan du överklaga genom att svara på detta mejl inom sex månader; en annan administratör prövar det då på nytt.',
  ];
  const en = [
    facts.shopReport
      ? 'Following a report of your shop we have removed your products from Torget:'
      : 'Following a report we have removed your product from Torget:',
    ...names,
    '',
    `Ground: ${ground.en}`,
    `Reasons and facts: ${facts.reason}`,
    'The decision was taken by an administrator on a report; it was not automated.',
    'Buyers no longer see the products; you still do, with this statement, among your products:',
    listUrl,
    'If you think the decision is wrong, appeal by replying to this mail within six months; another administrator then reviews it.',
  ];
  return {
    to: seller.email,
    subject: 'Din produkt har tagits bort från Torget / Your product was removed from Torget',
    text: [`Hej ${seller.name}!`, '', ...sv, '', ...en].join('\n'),
  };
}

export interface OutcomeFacts {
  removed: boolean;
  /** What was reported: the product's name, or the shop's. */
  reported: string;
  language: Language;
}

export function reportOutcomeMail(to: string, facts: OutcomeFacts): Mail {
  if (facts.language === 'sv') {
    return {
      to,
      subject: 'Din anmälan på Torget är prövad',
      text: [
        'Hej!',
        '',
        `Tack för din anmälan av ”${facts.reported}”. Vi har prövat den.`,
        facts.removed
          ? 'Beslut: innehållet har tagits bort från Torget.'
          : 'Beslut: innehållet finns kvar; vi fann inte att det bryter mot lag eller våra villkor.',
        'Säljaren har fått veta beslutet och skälen.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Your report on Torget has been reviewed',
    text: [
      'Hello!',
      '',
      `Thank you for your report of “${facts.reported}”. We have reviewed it.`,
      facts.removed
        ? 'Decision: the content has been removed from Torget.'
        : 'Decision: the content stays; we did not find that it breaks the law or our terms.',
      'The seller has been told the decision and its reasons.',
    ].join('\n'),
  };
}
