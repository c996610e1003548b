/** Account rules (spec sections 5 and 7): field limits and the texts of the account forms. */

/** Password length a new password must have; the server checks it, the forms hint at it. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
// The server also refuses common passwords (apps/api/src/lib/password-policy.ts); its reason is
// shown in the form's message box.
export const PASSWORD_HINT = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not a common password.`;
/**
 * A new password holds at least this many different characters, white space not counted and
 * letters counted once whatever their case: eight spaces or "aaaaaaaa" pass the length rule but
 * are guessed at once.
 */
export const PASSWORD_MIN_DISTINCT = 4;
export const PASSWORD_TOO_PLAIN = `Password must have at least ${PASSWORD_MIN_DISTINCT} different characters (spaces do not count).`;

/** Whether `password` has PASSWORD_MIN_DISTINCT different characters besides white space. */
export function hasEnoughDistinctCharacters(password: string): boolean {
  const distinct = new Set(password.toLowerCase().replace(/\s/gu, ''));
  return distinct.size >= PASSWORD_MIN_DISTINCT;
}

/** Sign-in accepts any password up to this length: the check is against the stored hash. */
export const SIGNIN_PASSWORD_MAX = 1024;

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** Spec section 5: the alert of register and reset password. */
export const PASSWORDS_DIFFER = 'Password and confirm password do not match';
/** Spec section 5: the alert of the profile screen. */
export const PROFILE_PASSWORDS_DIFFER = 'Password and Confirm Password Are Not Matched';
