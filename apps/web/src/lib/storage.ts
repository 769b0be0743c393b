import { LOCAL_KEYS, SESSION_KEYS, THEMES, type Theme } from '@app/contracts';

/** Storage that never throws (private mode, disabled storage): reads answer null, writes are dropped. */
function safe(store: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return store().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        store().setItem(key, value);
      } catch {
        /* storage unavailable: keep working without persistence */
      }
    },
    remove(key: string): void {
      try {
        store().removeItem(key);
      } catch {
        /* storage unavailable */
      }
    },
    keys(): string[] {
      try {
        return Object.keys(store());
      } catch {
        return [];
      }
    },
  };
}

export const session = safe(() => window.sessionStorage);
export const local = safe(() => window.localStorage);

export function getToken(): string | null {
  return session.get(SESSION_KEYS.token);
}

export function getMerchantCode(): string | null {
  return session.get(SESSION_KEYS.merchantCode);
}

/** Remembers the brand the host resolved to, so later calls name it in the Merchant header. */
export function setMerchant(code: string): void {
  session.set(SESSION_KEYS.merchant, code);
  session.set(SESSION_KEYS.merchantCode, code);
}

/**
 * Session storage: this visit asked for the phone shell (it came in through a /m/ address); the
 * same name is spelled in index.html's inline script.
 */
export const SHELL_KEY = 'shellMode';

/** Logout clears session storage except the brand keys (SPEC section 4) and the shell asked for. */
export function clearSessionExceptMerchant(): void {
  const keep = new Set<string>([SESSION_KEYS.merchant, SESSION_KEYS.merchantCode, SHELL_KEY]);
  for (const key of session.keys()) if (!keep.has(key)) session.remove(key);
}

/**
 * The device's own random id (x-device-id), made once and kept: the server tells accounts made on
 * one device apart from accounts of different people (referral rewards). Not the client type.
 */
export function getDeviceId(): string {
  const kept = local.get(LOCAL_KEYS.deviceId);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  // getRandomValues, not randomUUID: the latter exists only on secure (https) pages.
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  local.set(LOCAL_KEYS.deviceId, made);
  return made;
}

export function getTheme(): Theme {
  const t = local.get(LOCAL_KEYS.theme);
  return (THEMES as readonly string[]).includes(t ?? '') ? (t as Theme) : 'light';
}

export function setTheme(theme: Theme): void {
  local.set(LOCAL_KEYS.theme, theme);
  document.documentElement.dataset.theme = theme;
}

/** The vendor last chosen for a list page (/rng, /pvp fall back to it). */
export function getStoredVendor(type: string): string | null {
  return session.get(`vendor.${type}`);
}
export function setStoredVendor(type: string, vendor: string): void {
  session.set(`vendor.${type}`, vendor);
}
