/** Actors for the policy tests: a user with no role unless given one. */
import type { Actor } from './actor';

export function actor(id: string, roles: Partial<Omit<Actor, 'id'>> = {}): Actor {
  return { id, isAdmin: false, isSeller: false, wantsToBeSeller: false, ...roles };
}
