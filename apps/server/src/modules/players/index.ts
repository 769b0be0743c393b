export { createPlayersModule } from './players.module';
export type { PlayersService } from './players.service';

/**
 * How many other members of the brand are linked to a member (shared IP or device within 90 days,
 * payout account number, mobile): `services.players.players.countLinked`, for a risk signal.
 */
export type CountLinked = (merchant: string, memberId: string) => Promise<number>;
