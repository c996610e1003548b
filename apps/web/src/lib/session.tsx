/**
 * The signed-in user, read from the stored `userInfo` (spec section 3: token, name plus user
 * fields). Sign-in and registration write it through `saveUserInfo`; every tab follows along.
 */
import type { Actor } from '@torget/shared/policies/actor';
import { createContext, type ReactNode, use, useMemo } from 'react';
import { clearSession, isRecord, parseJson, readJson, STORAGE_KEYS, useStoredRaw, writeJson } from './storage';

/** The part of the seller object the layout needs; the full object comes from the API. */
export interface SessionSeller {
  name?: string;
  logo?: string;
  has_logo?: boolean;
  domain?: string;
}

export interface SessionUser {
  token: string;
  _id: string;
  name: string;
  email: string;
  is_admin: boolean;
  is_seller: boolean;
  wants_to_be_seller: boolean;
  seller?: SessionSeller;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A `SessionUser` from stored JSON, or null when the value is missing or malformed. */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { token, _id } = value;
  if (typeof token !== 'string' || token === '' || typeof _id !== 'string') return null;
  const user: SessionUser = {
    token,
    _id,
    name: optionalString(value.name) ?? '',
    email: optionalString(value.email) ?? '',
    is_admin: value.is_admin === true,
    is_seller: value.is_seller === true,
    wants_to_be_seller: value.wants_to_be_seller === true,
  };
  if (isRecord(value.seller)) {
    const s = value.seller;
    user.seller = {
      name: optionalString(s.name),
      logo: optionalString(s.logo),
      has_logo: s.has_logo === true,
      domain: optionalString(s.domain),
    };
  }
  return user;
}

/** The session user as the shared policies see it (`@torget/shared/policies/*`). */
export function actorOf(user: SessionUser | null): Actor | null {
  if (!user) return null;
  return { id: user._id, isAdmin: user.is_admin, isSeller: user.is_seller, wantsToBeSeller: user.wants_to_be_seller };
}

/** The stored session, for code outside React (the API client). */
export function readStoredToken(): string | null {
  return toSessionUser(readJson(STORAGE_KEYS.userInfo))?.token ?? null;
}

/** Stores the user object the API answers sign-in, registration and profile updates with. */
export function saveUserInfo(userInfo: unknown): void {
  writeJson(STORAGE_KEYS.userInfo, userInfo);
}

export function signOut(): void {
  clearSession();
}

interface SessionValue {
  user: SessionUser | null;
  /** The same user for the shared policies: what to show is asked of them. */
  actor: Actor | null;
  signOut: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const raw = useStoredRaw(STORAGE_KEYS.userInfo);
  const value = useMemo<SessionValue>(() => {
    const user = toSessionUser(parseJson(raw));
    return { user, actor: actorOf(user), signOut };
  }, [raw]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}
