import { AppError } from '../../platform/app-error';
import type { LaunchRequest, LaunchResult, ProviderGame, VendorAdapter } from './vendor-adapter';

/** The adapters by kind: what the games module launches through. */
export class ProviderService {
  constructor(private readonly adapters: Record<VendorAdapter['kind'], VendorAdapter>) {}

  playable(kind: VendorAdapter['kind'], game: ProviderGame): boolean {
    return this.adapters[kind].playable(game);
  }

  async launch(kind: VendorAdapter['kind'], req: LaunchRequest): Promise<LaunchResult> {
    const adapter = this.adapters[kind];
    if (!adapter.playable(req.game)) throw new AppError('game.unavailable');
    return adapter.launch(req);
  }
}
