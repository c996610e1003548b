/**
 * Route guards (spec section 2): a failed guard sends the visitor to /signin, with the page they
 * wanted as `redirect` so sign-in can bring them back. A signed-in user lacking the role is sent
 * to /signin as it is, which takes them home.
 */
import type { Actor } from '@torget/shared/policies/actor';
import { canEditShopSettings } from '@torget/shared/policies/users';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '#web/lib/session.tsx';

type Rule = (actor: Actor) => boolean;

function Guard({ allows }: { allows: Rule }) {
  const { actor } = useSession();
  const location = useLocation();
  if (actor && allows(actor)) return <Outlet />;
  // A signed-in user without the role goes to /signin too, but without `redirect`: sign-in
  // sends a signed-in user on to `redirect`, which would be this page again, for ever.
  if (actor) return <Navigate to="/signin" replace />;
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return <Navigate to={`/signin?redirect=${redirect}`} replace />;
}

export function RequireSignIn() {
  return <Guard allows={() => true} />;
}

export function RequireAdmin() {
  return <Guard allows={(actor) => actor.isAdmin} />;
}

export function RequireSeller() {
  return <Guard allows={(actor) => actor.isSeller} />;
}

/** Shop settings are also open to a user whose application waits for approval. */
export function RequireSellerOrApplicant() {
  return <Guard allows={canEditShopSettings} />;
}
