/** Swedish formats: organisation numbers, post numbers, Swish numbers. */

/** The Luhn (mod 10) check digit of a digit string, as used for Swedish organisation numbers. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Weights alternate 2, 1, 2, … counted from the right end of the digits before the check digit.
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

/** 'NNNNNN-NNNN' from the first nine digits, with the Luhn check digit appended. */
export function organisationNumber(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new Error(`Expected nine digits, got ${nineDigits}`);
  return `${nineDigits.slice(0, 6)}-${nineDigits.slice(6)}${luhnCheckDigit(nineDigits)}`;
}

export const ORGANISATION_NUMBER_PLACEHOLDER = 'NNNNNN-NNNN';

/** Whether the text is an organisation number 'NNNNNN-NNNN' with a correct check digit. */
export function isValidOrganisationNumber(text: string): boolean {
  const match = /^(\d{6})-(\d{4})$/.exec(text.trim());
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  return luhnCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}

/** Post numbers are written 'NNN NN'; '12345' is accepted and written the usual way. */
export function normalisePostNumber(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : null;
}

/** Swish numbers are ten digits (businesses 123…, people 07…); spaces and dashes are dropped. */
export function normaliseSwishNumber(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}
