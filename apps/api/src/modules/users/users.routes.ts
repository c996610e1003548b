/** /api/users: accounts, sessions, password reset, and admin user management. */
import {
  adminUserUpdateSchema,
  forgotPasswordSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  signinSchema,
} from '@torget/shared/accounts';
import type { SignedInUser, UserDetails } from '@torget/shared/api-types';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/http-errors';
import { mailLinkOrigin } from '../../lib/mail-link-origin';
import { sendInBackground } from '../../lib/mailer';
import { pageNumberSchema, pageRequest, setPageHeaders } from '../../lib/paging';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { findPublicSeller } from './public-seller.service';
import { toUserListEntry } from './user-json';
import {
  authenticate,
  deleteUserByAdmin,
  findUserDetails,
  listUsers,
  registerUser,
  updateProfile,
  updateUserByAdmin,
} from './users.service';

const idParams = z.object({ id: z.string() });

function sellerApprovedMail(user: UserDetails, origin: string) {
  const shopUrl = `${origin}/seller/${user._id}`;
  const settingsUrl = `${origin}/seller_profile`;
  return {
    to: user.email,
    subject: 'Din butik på Torget är godkänd / Your Torget shop is approved',
    text: [
      `Hej ${user.name}!`,
      '',
      'Välkommen som säljare på Torget! Din butik är nu öppen.',
      `Gör butiken till din egen under Inställningar: ${settingsUrl}`,
      `Din butik: ${shopUrl}`,
      '',
      'Welcome as a seller on Torget! Your shop is open.',
      `Make it yours in Settings: ${settingsUrl}`,
    ].join('\n'),
  };
}

/** Rate limits keyed by the client's address and the e-mail the request is about. */
const byIpAndEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};
const byEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : request.ip;
};

export const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { auth, mailer } = deps;

  async function signedIn(user: { id: string; tokenVersion: number }): Promise<SignedInUser> {
    const details = await findUserDetails(db, user.id);
    if (!details) throw notFound('User Not Found');
    return { ...details, token: await auth.issueToken(user) };
  }

  app.post(
    '/signin',
    {
      schema: { body: signinSchema },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: byIpAndEmail,
        },
      },
    },
    async (request) => {
      const user = await authenticate(db, request.body.email, request.body.password);
      return signedIn(user);
    },
  );

  app.post('/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const user = await registerUser(db, request.body);
    return reply.status(201).send(await signedIn(user));
  });

  app.post(
    '/forgot_password',
    {
      schema: { body: forgotPasswordSchema },
      config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byEmail } },
    },
    async (request) => {
      const origin = mailLinkOrigin(request, deps.config.mainHosts);
      const mail = await requestPasswordReset(db, request.body.email, origin);
      if (mail) sendInBackground(mailer, mail, request.log);
      // The same answer whether or not the e-mail has an account.
      return { message: 'If an account exists for this e-mail, we have sent a link to reset the password.' };
    },
  );

  app.post('/reset_password', { schema: { body: resetPasswordSchema } }, async (request) => {
    await resetPassword(db, {
      email: request.body.email,
      token: request.body.reset_password_token,
      newPassword: request.body.new_password,
    });
    return { message: 'Password was reset.' };
  });

  app.put('/profile', { schema: { body: profileUpdateSchema } }, async (request) => {
    const me = await auth.requireUser(request);
    const user = await updateProfile(db, me, request.body, deps.config.mainHosts);
    return signedIn(user);
  });

  // Paged (lib/paging.ts): still a JSON array, with X-Total-Count and Link headers.
  app.get('/', { schema: { querystring: z.object({ pageNumber: pageNumberSchema }) } }, async (request, reply) => {
    await auth.requireAdmin(request);
    const page = pageRequest(request.query.pageNumber);
    const { rows, total } = await listUsers(db, page);
    setPageHeaders(request, reply, page, total);
    return rows.map(toUserListEntry);
  });

  app.get('/:id', { schema: { params: idParams } }, async (request) => {
    const me = await auth.optionalUser(request);
    if (me && (me.id === request.params.id || me.isAdmin)) {
      const details = await findUserDetails(db, request.params.id);
      if (details) return details;
    }
    // Everyone else sees only what a storefront shows of a seller.
    const seller = await findPublicSeller(db, request.params.id);
    if (!seller) throw notFound('User Not Found');
    return seller;
  });

  app.put('/:id', { schema: { params: idParams, body: adminUserUpdateSchema } }, async (request) => {
    await auth.requireAdmin(request);
    const { user, approvedSeller } = await updateUserByAdmin(
      db,
      request.params.id,
      request.body,
      deps.config.mainHosts,
    );
    if (approvedSeller)
      sendInBackground(mailer, sellerApprovedMail(user, mailLinkOrigin(request, deps.config.mainHosts)), request.log);
    return user;
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    const admin = await auth.requireAdmin(request);
    await deleteUserByAdmin(db, admin.id, request.params.id);
    return { message: 'User deleted successfully.' };
  });
};
