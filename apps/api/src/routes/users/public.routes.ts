/** /api/users, public: sign-in, registration and password reset. */
import {
  forgotPasswordSchema,
  registerSchema,
  resetPasswordSchema,
  signinSchema,
} from '@torget/shared/schemas/accounts';
import {
  passwordResetDoneSchema,
  passwordResetRequestedSchema,
  signedInUserSchema,
} from '@torget/shared/schemas/answers/users';
import type { FastifyRequest } from 'fastify';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { createLimiter, routeRateLimit } from '#api/lib/rate-limits.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import { passwordResetMail } from '#api/mails/password-reset-mail.ts';
import { requestPasswordReset, resetPassword } from '#api/modules/users/password-reset.service.ts';
import { authenticate, registerUser } from '#api/modules/users/users.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';
import { signedInAnswer } from './signed-in-answer';

/** Rate limits keyed by the client's address and the e-mail the request is about. */
const byIpAndEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};
const byEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : request.ip;
};

export const publicAccountRoutes: RoutePlugin = async (app, { deps }) => {
  const registrations = createLimiter(app, 'register', deps.rateLimits);
  const signinsPerAddress = createLimiter(app, 'signinPerAddress', deps.rateLimits);
  const resetsPerAddress = createLimiter(app, 'passwordResetPerAddress', deps.rateLimits);

  app.post(
    '/signin',
    {
      schema: { body: signinSchema, response: { 200: signedInUserSchema } },
      config: { rateLimit: routeRateLimit('signin', deps.rateLimits, byIpAndEmail) },
    },
    async (request) => {
      // A sign-in changes no cached answer (lib/cache-changes.ts).
      declareChanges(request, []);
      await signinsPerAddress.hitAddress(request);
      const user = await authenticate(dbFor(request), request.body.email, request.body.password);
      return signedInAnswer(deps, request, user);
    },
  );

  app.post(
    '/register',
    { schema: { body: registerSchema, response: { 201: signedInUserSchema } } },
    async (request, reply) => {
      await registrations.hitAddress(request);
      const user = await registerUser(dbFor(request), request.body);
      return reply.status(201).send(await signedInAnswer(deps, request, user));
    },
  );

  app.post(
    '/forgot_password',
    {
      schema: { body: forgotPasswordSchema, response: { 200: passwordResetRequestedSchema } },
      config: { rateLimit: routeRateLimit('passwordReset', deps.rateLimits, byEmail) },
    },
    async (request) => {
      // A reset token changes no cached answer (lib/cache-changes.ts).
      declareChanges(request, []);
      // Counted before the e-mail is looked up: whether it has an account changes nothing here.
      await resetsPerAddress.hitAddress(request);
      const reset = await requestPasswordReset(dbFor(request), request.body.email);
      if (reset) {
        const origin = mailLinkOrigin(deps.config);
        sendInBackground(
          deps.mailer,
          passwordResetMail(reset.user, reset.token, origin, requestLanguage(request)),
          request.log,
        );
      }
      // The same answer whether or not the e-mail has an account.
      return { message: 'If an account exists for this e-mail, we have sent a link to reset the password.' };
    },
  );

  app.post(
    '/reset_password',
    { schema: { body: resetPasswordSchema, response: { 200: passwordResetDoneSchema } } },
    async (request) => {
      // A password changes no cached answer (lib/cache-changes.ts).
      declareChanges(request, []);
      await resetPassword(dbFor(request), {
        email: request.body.email,
        token: request.body.reset_password_token,
        newPassword: request.body.new_password,
      });
      return { message: 'Password was reset.' };
    },
  );
};
