/**
 * Which UI language a request comes from. The web app sends the visitor's choice as
 * `Accept-Language` on every API call and keeps it in the `torget_lang` cookie, which a page load
 * carries.
 */
import {
  DEFAULT_LANGUAGE,
  type Language,
  languageFromAcceptLanguage,
  languageFromCookie,
} from '@torget/shared/rules/languages';
import type { FastifyRequest } from 'fastify';

/** The page's language: the cookie alone, so a Swedish browser still gets the spec's UI by default. */
export function pageLanguage(request: FastifyRequest): Language {
  return languageFromCookie(request.headers.cookie) ?? DEFAULT_LANGUAGE;
}

/** The language of mails sent because of an API call: the header the web app sets, then the cookie. */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    languageFromAcceptLanguage(request.headers['accept-language']) ??
    languageFromCookie(request.headers.cookie) ??
    DEFAULT_LANGUAGE
  );
}
