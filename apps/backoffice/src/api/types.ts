import type { OperatorGrant } from '@app/contracts';

/** The signed-in staff member's session (GET /wps/admin/auth/session). */
export interface Session {
  staff: { id: string; username: string; displayName: string };
  csrfToken: string;
  /** timeZone: the brand's IANA zone, whose days the dashboard and reports count in; currency: ISO 4217. */
  brands: { code: string; name: string; timeZone: string; currency: string }[];
  grants: OperatorGrant[];
  idleExpiresAt: string;
  absoluteExpiresAt: string;
}

/** A page of a list too big to count: the next page exists when hasMore is true. */
export interface Paged<T> {
  list: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
