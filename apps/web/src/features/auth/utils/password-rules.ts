/**
 * Password rules the forms check before asking the server. The numbers mirror PASSWORD_MIN and
 * PASSWORD_MAX of @torget/shared/accounts, which the server enforces; importing that module here
 * would pull zod into these pages.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
// The server also refuses common passwords (apps/api/src/lib/password-policy.ts); its reason
// is shown in the form's message box.
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password.`;

/** Spec section 5: the alert of register and reset password. */
export const PASSWORDS_DIFFER = 'Password and confirm password do not match';
/** Spec section 5: the alert of the profile screen. */
export const PROFILE_PASSWORDS_DIFFER = 'Password and Confirm Password Are Not Matched';
