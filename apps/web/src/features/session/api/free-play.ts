import type { LoginResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function randomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Free play: a trial account (isAgent 4) with play money. Encrypted, like the real clients' call. */
const freePlay = () =>
  api.sendEncrypted<LoginResult>('POST', '/wps/session/login/freeplay', {
    platform: 'W',
    os: navigator.platform.slice(0, 40),
    random: randomString(),
  });

export const useFreePlay = () => useMutation({ mutationFn: freePlay });
