import { AppError } from '../../platform/app-error';
import type { LaunchRequest, LaunchResult, ProviderGame, VendorAdapter } from './vendor-adapter';

/** The registered adapters by code: what the games module launches through. */
export class ProviderService {
  private readonly adapters = new Map<string, VendorAdapter>();

  constructor(adapters: readonly VendorAdapter[]) {
    for (const a of adapters) this.register(a);
  }

  register(adapter: VendorAdapter): void {
    if (this.adapters.has(adapter.code)) throw new Error(`adapter ${adapter.code} registered twice`);
    this.adapters.set(adapter.code, adapter);
  }

  /** Every registered adapter (the round-history sync walks them). */
  all(): readonly VendorAdapter[] {
    return [...this.adapters.values()];
  }

  adapter(code: string): VendorAdapter | undefined {
    return this.adapters.get(code);
  }

  playable(code: string, game: ProviderGame): boolean {
    return this.adapters.get(code)?.playable(game) ?? false;
  }

  async launch(code: string, req: LaunchRequest): Promise<LaunchResult> {
    const adapter = this.adapters.get(code);
    if (!adapter?.playable(req.game)) throw new AppError('game.unavailable');
    return adapter.launch(req);
  }

  /** Whether the adapter can open this game in demo (play for fun) mode. */
  hasDemo(code: string, game: ProviderGame): boolean {
    const adapter = this.adapters.get(code);
    return !!adapter?.demo && adapter.playable(game);
  }

  /** The game in its vendor's demo mode (no wallet session: nothing moves). */
  async demo(
    code: string,
    merchant: string,
    game: ProviderGame,
    language: string,
    ip?: string,
  ): Promise<LaunchResult> {
    const adapter = this.adapters.get(code);
    if (!adapter?.demo || !adapter.playable(game)) throw new AppError('game.unavailable');
    return adapter.demo(merchant, game.gameCode, language, ip);
  }
}
