/**
 * Which UI language a request comes from. A page load carries the browser's own
 * `Accept-Language` and, once the visitor has used the switch, the `torget_lang` cookie; the web
 * app sends the language it shows as `Accept-Language` on every API call.
 */
import {
  DEFAULT_LANGUAGE,
  type Language,
  languageFromAcceptLanguage,
  languageFromCookie,
  servedLanguage,
} from '@torget/shared/rules/languages';
import type { FastifyRequest } from 'fastify';

/** The page's language: the stored choice (cookie), else the browser's Accept-Language, else English. */
export function pageLanguage(request: FastifyRequest): Language {
  return servedLanguage(request.headers.cookie, request.headers['accept-language']);
}

/** The language of mails sent because of an API call: the header the web app sets, then the cookie. */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    languageFromAcceptLanguage(request.headers['accept-language']) ??
    languageFromCookie(request.headers.cookie) ??
    DEFAULT_LANGUAGE
  );
}
