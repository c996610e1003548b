/** The mail with a link to choose a new password (valid for one hour, see password-reset.service). */
import type { Mail } from '#api/lib/mailer.ts';

export function passwordResetMail(user: { name: string; email: string }, token: string, siteOrigin: string): Mail {
  const link = `${siteOrigin}/reset_password/${token}`;
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
