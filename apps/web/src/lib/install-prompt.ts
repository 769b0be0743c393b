import { create } from 'zustand';

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser's offer to install the site, kept until it is used (it can be used once). */
  offer: InstallPromptEvent | null;
  /** The site was installed during this visit. */
  installed: boolean;
  /** The player said no to the browser's dialog during this visit. */
  dismissed: boolean;
}

export const useInstallPrompt = create<InstallState>(() => ({
  offer: null,
  installed: false,
  dismissed: false,
}));

/**
 * Opens the browser's install dialog with the offer it made; the answer is kept. An offer is good
 * for one dialog: the browser makes a new one later if it still may.
 */
export async function installWithOffer(offer: InstallPromptEvent): Promise<void> {
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  useInstallPrompt.setState({
    offer: null,
    installed: outcome === 'accepted',
    dismissed: outcome === 'dismissed',
  });
}

/**
 * Listens from the first moment: the browser makes its offer once, early in the visit, usually
 * before the player reaches the download page that shows the install button.
 */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    useInstallPrompt.setState({ offer: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallPrompt.setState({ offer: null, installed: true }));
}
