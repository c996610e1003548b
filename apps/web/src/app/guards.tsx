/**
 * Route guards (spec section 2): a failed guard sends the visitor to /signin, with the page they
 * wanted as `redirect` so sign-in can bring them back. A signed-in user lacking the role is sent
 * to /signin as it is, which takes them home.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { type SessionUser, useSession } from '../lib/session';

type Rule = (user: SessionUser) => boolean;

function Guard({ allows }: { allows: Rule }) {
  const { user } = useSession();
  const location = useLocation();
  if (user && allows(user)) return <Outlet />;
  // A signed-in user without the role goes to /signin too, but without `redirect`: sign-in
  // sends a signed-in user on to `redirect`, which would be this page again, for ever.
  if (user) return <Navigate to="/signin" replace />;
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return <Navigate to={`/signin?redirect=${redirect}`} replace />;
}

export function RequireSignIn() {
  return <Guard allows={() => true} />;
}

export function RequireAdmin() {
  return <Guard allows={(user) => user.is_admin} />;
}

export function RequireSeller() {
  return <Guard allows={(user) => user.is_seller} />;
}

/** Shop settings are also open to a user whose application waits for approval. */
export function RequireSellerOrApplicant() {
  return <Guard allows={(user) => user.is_seller || user.wants_to_be_seller} />;
}
