/**
 * Who is asking: the small shape every policy takes. The API's signed-in user (AuthUser) has it
 * as it is; the web maps its session user with `actorOf` (apps/web/src/lib/session.tsx).
 * A visitor who is not signed in is `null`.
 */
export interface Actor {
  id: string;
  isAdmin: boolean;
  isSeller: boolean;
  /** Applied to become a seller and waits for approval (may already set up the shop). */
  wantsToBeSeller: boolean;
}
