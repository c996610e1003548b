/**
 * Who a seller is: a business (a legal entity with an organisation number) or a private person
 * (with a personal identity number), their legal name, and their self-certification. One rule for
 * the API, which refuses what fails it, and the application and settings forms, which show the
 * same message by the field before sending (docs/decisions/260-seller-identity.md).
 *
 * Numbers are checked with `organisationsnummer` and `personnummer` (format, date and Luhn check
 * digit). A business's number is shown to buyers, so it must be a legal entity's: a number that is
 * a personal identity number (a sole trader's) is refused there. A personal identity number is
 * never shown publicly: the seller sees it masked, admins whole.
 */
import Organisationsnummer from 'organisationsnummer';
import Personnummer from 'personnummer';

export const SELLER_TYPES = ['business', 'private'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

export const isSellerType = (value: string): value is SellerType => value === 'business' || value === 'private';

/** Longest inputs accepted before they are read (separators included). */
export const SELLER_IDENTITY_MAX = { legalName: 200, personalNumber: 13 } as const;

/** The placeholder of the personal identity number field (the organisation number keeps the spec's NNNNNN-NNNN). */
export const PERSONAL_NUMBER_PLACEHOLDER = 'ÅÅÅÅMMDD-NNNN';

export const SELLER_IDENTITY_MESSAGES = {
  typeRequired: 'Choose whether you sell as a business or as a private person.',
  legalNameRequired: 'Legal name is required.',
  organisationNumberInvalid:
    'That organisation number is not valid: it is written NNNNNN-NNNN and ends in a check digit.',
  organisationNumberIsPersonal:
    'That is a personal identity number, which is never shown to buyers. A business needs its organisation number.',
  personalNumberRequired: 'Personal identity number is required.',
  personalNumberInvalid: 'That personal identity number is not valid: check the date and the last four digits.',
  selfCertificationRequired: 'Confirm that you only offer products that comply with EU law.',
} as const;

export type NumberCheck = { ok: true; number: string } | { ok: false; message: string };

/** A business's organisation number, written NNNNNN-NNNN, or why it is refused. */
export function checkOrganisationNumber(text: string): NumberCheck {
  let parsed: Organisationsnummer;
  try {
    parsed = Organisationsnummer.parse(text.trim());
  } catch {
    return { ok: false, message: SELLER_IDENTITY_MESSAGES.organisationNumberInvalid };
  }
  if (parsed.isPersonnummer()) return { ok: false, message: SELLER_IDENTITY_MESSAGES.organisationNumberIsPersonal };
  return { ok: true, number: parsed.format(true) };
}

/** A personal identity (or coordination) number, written ÅÅÅÅMMDD-NNNN, or why it is refused. */
export function checkPersonalNumber(text: string): NumberCheck {
  const trimmed = text.trim();
  // The package also reads a ten-digit number; a '+' separator (100 years or older) is kept.
  let parsed: Personnummer;
  try {
    parsed = Personnummer.parse(trimmed);
  } catch {
    return { ok: false, message: SELLER_IDENTITY_MESSAGES.personalNumberInvalid };
  }
  const digits = parsed.format(true);
  return { ok: true, number: `${digits.slice(0, 8)}-${digits.slice(8)}` };
}

/** The number as its owner sees it: the birth date, and the last four digits hidden. */
export function maskPersonalNumber(number: string): string {
  return `${number.slice(0, 8)}-****`;
}
