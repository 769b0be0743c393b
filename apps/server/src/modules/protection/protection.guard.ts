import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ProtectionService } from './protection.service';

/**
 * Routes that start play: refused during a break and once the session time limit is reached,
 * before anything is launched or priced (the stake itself is refused again by bet_place_batch()).
 * Money into a vendor's wallet (GCS_walletTransfer) is refused by the transfer service itself,
 * because the same route also brings money back, which a member on a break must still do.
 */
export const PLAY_ROUTES: readonly string[] = [
  'GET /wps/game/launchGame',
  'POST /wps/game/launchGame',
  'GET /wps/relay/GCS_gameLaunchFB',
  'POST /lgw/lottery/bet',
];

/**
 * Routes that bring money in or hand out something promotional: refused during a break. A rebate
 * earned by past play (manual rebate claim) stays payable: it is owed, not an inducement to play.
 */
export const BREAK_ROUTES: readonly string[] = [
  'POST /wps/cashier/deposit',
  'POST /wps/relay/MCS2_joinPromotion',
  'POST /wps/relay/MCS2_applyPromotion',
  'POST /wps/relay/MCS2_claimPromotion',
  'POST /wps/relay/MCS2_signInPromotion',
  'POST /wps/relay/MCS2_claimRafflePromotion',
  'POST /wps/mission/claim',
  'POST /wps/rewards/claim',
  'POST /wps/referral/claim',
  'POST /wps/points/passwordCheck/redeemPointReward',
  'POST /wps/points/passwordCheck/convertPoint',
];

/**
 * Early refusal for members on a break or past their session limit, in one place for every module
 * (the routes above are other modules'): a member on a break may log in, withdraw and manage their
 * protection, and nothing else that moves money or markets to them.
 */
export const protectionGuard = fp(
  async (app: FastifyInstance, opts: { protection: ProtectionService }) => {
    const play = new Set(PLAY_ROUTES);
    const brk = new Set(BREAK_ROUTES);
    app.addHook('preHandler', async (request) => {
      const member = request.member;
      if (!member) return;
      const key = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (play.has(key)) await opts.protection.assertMayPlay(request.brand, member.memberId);
      else if (brk.has(key)) await opts.protection.assertNotExcluded(member.memberId);
    });
  },
  { name: 'protection-guard', dependencies: ['auth-guard'] },
);
