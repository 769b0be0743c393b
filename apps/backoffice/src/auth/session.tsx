import { permissionsOn, type Permission } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, setApiBrand, setApiCsrfToken, setUnauthorizedHandler } from '../api/client';
import type { Session } from '../api/types';

const BRAND_KEY = 'bo.brand';
export const SESSION_KEY = ['session'] as const;

export interface SessionValue {
  /** null: nobody is signed in (or the session ended). */
  session: Session | null;
  loading: boolean;
  /** Why the last session ended without the user signing out ('expired'), shown on the sign-in page. */
  endReason: 'expired' | null;
  /** The brand every request acts on (the Merchant header). */
  brand: string | null;
  setBrand(code: string): void;
  /** Whether the signed-in staff member holds the permission on the selected brand. */
  can(permission: Permission): boolean;
  /** The brand's time zone when the session tells it, else undefined (local time). */
  timeZone: string | undefined;
  /** Store a session just obtained (sign-in) or forget it (sign-out). */
  setSession(session: Session | null): void;
}

const SessionContext = createContext<SessionValue | null>(null);

async function fetchSession(): Promise<Session | null> {
  try {
    return await api.get<Session>('/auth/session');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

function pickBrand(session: Session | null, wanted: string | null): string | null {
  if (!session || session.brands.length === 0) return null;
  return session.brands.some((b) => b.code === wanted) ? wanted : (session.brands[0]?.code ?? null);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000, retry: false });
  const session = query.data ?? null;
  const [wanted, setWanted] = useState<string | null>(() => localStorage.getItem(BRAND_KEY));
  const [endReason, setEndReason] = useState<'expired' | null>(null);
  const brand = pickBrand(session, wanted);

  // The API client reads these on every call; set them during render so the first queries of a
  // freshly shown page already carry the brand and the token.
  setApiBrand(brand);
  setApiCsrfToken(session?.csrfToken ?? null);

  const setSession = useCallback(
    (next: Session | null) => {
      if (next) setEndReason(null);
      // A different staff member (or none) must not see the previous one's cached pages.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      queryClient.setQueryData(SESSION_KEY, next);
    },
    [queryClient],
  );

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (queryClient.getQueryData(SESSION_KEY)) setEndReason('expired');
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      queryClient.setQueryData(SESSION_KEY, null);
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  const setBrand = useCallback(
    (code: string) => {
      localStorage.setItem(BRAND_KEY, code);
      setWanted(code);
      setApiBrand(code);
      // Every cached list belongs to the previous brand.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
    [queryClient],
  );

  const permissions = useMemo(
    () => (session && brand ? permissionsOn(session.grants, brand) : new Set<Permission>()),
    [session, brand],
  );
  const can = useCallback((p: Permission) => permissions.has(p), [permissions]);
  const timeZone = session?.brands.find((b) => b.code === brand)?.timeZone;

  const value = useMemo<SessionValue>(
    () => ({ session, loading: query.isPending, endReason, brand, setBrand, can, timeZone, setSession }),
    [session, query.isPending, endReason, brand, setBrand, can, timeZone, setSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}

/** Shows its children only to staff holding the permission on the selected brand. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { can } = useSession();
  const { t } = useTranslation();
  if (!can(permission)) return <p className="bo-forbidden">{t('common.forbidden')}</p>;
  return <>{children}</>;
}
