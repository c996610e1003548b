/** The mail with a link to choose a new password (valid for one hour, see password-reset.service). */
import type { Language } from '@torget/shared/rules/languages';
import type { Mail } from '#api/lib/mailer.ts';

/** In Swedish only when the request came from the Svenska UI; otherwise in both languages. */
export function passwordResetMail(
  user: { name: string; email: string },
  token: string,
  siteOrigin: string,
  language: Language = 'en',
): Mail {
  const link = `${siteOrigin}/reset_password/${token}`;
  if (language === 'sv') {
    return {
      to: user.email,
      subject: 'Återställ ditt lösenord på Torget',
      text: [
        `Hej ${user.name}!`,
        '',
        'Någon (förhoppningsvis du) bad om att återställa lösenordet till ditt konto på Torget.',
        `Välj ett nytt lösenord här inom en timme: ${link}`,
        '',
        'Bad du inte om detta kan du bortse från mejlet.',
      ].join('\n'),
    };
  }
  return {
    to: user.email,
    subject: 'Återställ ditt lösenord på Torget / Reset your Torget password',
    text: [
      `Hej ${user.name}!`,
      '',
      'Någon (förhoppningsvis du) bad om att återställa lösenordet till ditt konto på Torget.',
      `Välj ett nytt lösenord här inom en timme: ${link}`,
      '',
      'Someone (hopefully you) asked to reset the password of your Torget account.',
      `Choose a new password within one hour: ${link}`,
      '',
      'Bad du inte om detta kan du bortse från mejlet. / If you did not ask, ignore this e-mail.',
    ].join('\n'),
  };
}
