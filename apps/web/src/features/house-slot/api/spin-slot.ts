import type { SlotSpinResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { slotGame } from './game';

interface SpinRequest {
  bet: number;
  /** Idempotency key: the same id for a retry of the same spin, so the server settles it once. */
  requestId: string;
}

/** One paid spin and its free spins, settled as one round; answers the balance after settlement. */
const spinSlot = (token: string, body: SpinRequest) => slotGame.post<SlotSpinResult>(token, 'spin', body);

// No cache updates here: the game shows the result only once the reels have stopped, then
// writes the balance and refreshes the history itself.
export const useSpinSlot = (token: string) =>
  useMutation({ mutationFn: (body: SpinRequest) => spinSlot(token, body) });
