import type { FishShotRequest, FishShotResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { fishGame } from './game';

/**
 * One shot at a fish of the given species, decided and settled by the server; answers the
 * outcome and the balance after settlement. `requestId` is the idempotency key: a retry of the
 * same shot sends the same id and is settled once, with the outcome first drawn.
 */
const shootFish = (token: string, body: FishShotRequest) =>
  fishGame.post<FishShotResult>(token, 'shoot', body);

// No cache updates here: the game shows the outcome when the bullet lands, then writes the
// balance and refreshes the history itself.
export const useShootFish = (token: string) =>
  useMutation({ mutationFn: (body: FishShotRequest) => shootFish(token, body) });
