import { create } from 'zustand';

/** The site's popups (SPEC section 2); one is open at a time. */
export type PopupName =
  | 'login'
  | 'register'
  | 'forget'
  | 'changePassword'
  | 'verifyLogin'
  | 'realAccountNeeded'
  | 'logoutConfirm'
  | 'memberCentre'
  | 'agentCentre';

interface PopupStore {
  open: PopupName | null;
  /** Data a popup needs (e.g. the pending login of the extra verification step). */
  data: unknown;
  show(name: PopupName, data?: unknown): void;
  close(): void;
}

export const usePopups = create<PopupStore>((set) => ({
  open: null,
  data: null,
  show: (name, data = null) => set({ open: name, data }),
  close: () => set({ open: null, data: null }),
}));
