/**
 * Passwords a person may choose (register, reset, profile): 8 to 128 characters (the shared
 * schema checks that) and not among the most common passwords. The list is zxcvbn's
 * (@zxcvbn-ts/language-common, about 49 000 passwords ranked by how often they leak), with a few
 * Swedish ones; only its entries of 8 or more characters matter, as shorter ones never pass the
 * length rule. Compared without regard to case: "Password123" is as guessable as "password123".
 */
import { PASSWORD_MIN } from '@torget/shared/rules/accounts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from './http-errors';

export const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose another one.';

/** Common Swedish choices that an English list misses. */
const SWEDISH = [
  'lösenord',
  'losenord',
  'lösenord1',
  'losenord1',
  'lösenord123',
  'losenord123',
  'hemligt1',
  'hemligt123',
  'sverige1',
  'sverige123',
  'hejhej123',
  'sommar2024',
  'sommar2025',
  'sommar2026',
  'vinter2025',
  'vinter2026',
  'torget123',
  'qwertyuiopå',
];

let common: Set<string> | null = null;

/** Built on first use: the list costs memory and start-up time only where passwords are set. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    [...dictionary['passwords-common'], ...SWEDISH]
      .filter((password) => password.length >= PASSWORD_MIN)
      .map((password) => password.toLowerCase()),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Throws a 400 naming the reason when a new password is one of the common ones. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD);
}
