/**
 * Password reset by e-mail: a random single-use token, stored only as its SHA-256, valid for
 * one hour. Asking for a reset never reveals whether the e-mail belongs to an account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { passwordResetTokens, users } from '#api/db/schema.ts';
import { badRequest } from '#api/lib/http-errors.ts';
import { refuseCommonPassword } from '#api/lib/password-policy.ts';
import { hashPassword } from '#api/lib/passwords.ts';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes a reset token for the account with that e-mail. Answers the account and the token to
 * mail (mails/password-reset-mail.ts), or null when no account has that e-mail.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
): Promise<{ user: { name: string; email: string }; token: string } | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  return { user: { name: user.name, email }, token };
}

/** Sets a new password with a valid token; ends every session and every other reset token. */
export async function resetPassword(db: Db, input: { email: string; token: string; newPassword: string }) {
  refuseCommonPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await transaction(db, async (tx) => {
    const [row] = await tx
      .select({ tokenId: passwordResetTokens.id, userId: users.id, email: users.email })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
          isNull(users.deletedAt),
        ),
      )
      .for('update');
    if (!row || row.email !== input.email) throw badRequest(INVALID_RESET_LINK);
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
  });
}
