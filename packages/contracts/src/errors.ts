/**
 * Stable error codes and their HTTP statuses. The code is the contract with clients;
 * the message text lives in the server's message catalogue, one per language.
 */
export const ERRORS = {
  'request.invalid': 400,
  'system.language.unsupported': 400,
  'system.merchant.unknown': 404,
  'login.not.session': 401,
  'system.forbidden': 403,
  'system.region.restricted': 403,
  'system.not.found': 404,
  'system.conflict': 409,
  'system.throttled': 429,
  'system.error': 500,
  'system.maintenance': 503,
  /** The database connection was lost or refused: nothing is wrong with the request, try it again. */
  'system.db.unavailable': 503,
  'system.feature.disabled': 403,
  'payload.decrypt.failed': 400,
  // Identity (SPEC section 8).
  'login.failed': 401,
  'login.required.fields': 400,
  'login.captcha.required': 400,
  'login.captcha.invalid': 400,
  'login.account.locked': 403,
  'login.account.disabled': 403,
  'login.verification.required': 403,
  'login.verification.invalid': 400,
  'login.not.member': 403,
  'login.not.agent': 403,
  'member.trial.forbidden': 403,
  'member.account.used': 409,
  'member.mobile.used': 409,
  'register.field.invalid': 400,
  'register.password.mismatch': 400,
  'affiliate.code.invalid': 400,
  'sms.code.invalid': 400,
  'sms.code.expired': 400,
  'sms.throttled': 429,
  'sms.locked': 429,
  'password.old.wrong': 400,
  'password.rule': 400,
  // A session whose login requires a password change tried anything but that (403).
  'password.change.required': 403,
  'reset.account.not.found': 404,
  'totp.invalid': 400,
  // Wallet, cashier and records.
  'wallet.amount.invalid': 400,
  'wallet.insufficient': 400,
  'wallet.reference.conflict': 409,
  'wallet.vendor.unknown': 400,
  'wallet.transfer.unavailable': 403,
  'cashier.channel.unknown': 400,
  'cashier.amount.range': 400,
  'cashier.image.invalid': 400,
  'cashier.image.too.large': 413,
  'cashier.receipt.required': 400,
  'cashier.order.not.found': 404,
  'cashier.order.state': 409,
  // Back office: maker-checker approvals
  'approval.not.found': 404,
  'approval.decided': 409,
  'approval.self': 403,
  'idempotency.mismatch': 409,
  'payment.password.unset': 400,
  'payment.password.wrong': 400,
  'withdraw.daily.limit': 400,
  'withdraw.turnover.unmet': 400,
  'withdraw.account.unknown': 400,
  'withdraw.account.name.mismatch': 400,
  'withdraw.account.limit': 400,
  'withdraw.account.exists': 409,
  'withdraw.bank.unknown': 400,
  'upline.transfer.disabled': 403,
  'upline.none': 400,
  // Money sent to another account while bonus turnover is still to bet (the amount left in {0}).
  'transfer.turnover.unmet': 400,
  'record.range.invalid': 400,
  'admin.unauthorized': 401,
  // The operator guard: a staff session's change without its CSRF token, an address outside the
  // brand's staff allow-list, a permission the caller does not hold on this brand.
  'operator.csrf': 403,
  'operator.ip.denied': 403,
  'operator.forbidden': 403,
  'gateway.signature.invalid': 401,
  // Games and vendor callbacks.
  'game.unknown': 404,
  'game.unavailable': 503,
  'game.token.invalid': 401,
  'game.bet.invalid': 400,
  'vendor.signature.invalid': 401,
  'vendor.account.unknown': 404,
  'vendor.round.unknown': 404,
  'vendor.round.closed': 409,
  'vendor.round.rolled.back': 409,
  // The house card game.
  'cards.hand.closed': 409,
  'cards.room.full': 409,
  'cards.not.seated': 409,
  // House fishing.
  'game.shot.too.fast': 429,
  // House cockfight.
  'cockfight.betting.closed': 409,
  // House live baccarat.
  'baccarat.table.unknown': 404,
  'baccarat.betting.closed': 409,
  'baccarat.bet.limit': 400,
  'baccarat.bet.placed': 409,
  // House sportsbook.
  'sportsbook.bet.invalid': 400,
  'sportsbook.stake.invalid': 400,
  'sportsbook.market.closed': 409,
  'sportsbook.odds.changed': 409,
  'sportsbook.bet.unknown': 404,
  'sportsbook.cashout.unavailable': 409,
  'sportsbook.cashout.changed': 409,
  // Lottery.
  'lottery.betting.closed': 409,
  'lottery.bet.invalid': 400,
  'lottery.stake.limit': 400,
  'lottery.draw.unknown': 404,
  'lottery.draw.state': 409,
  // Agent centre.
  'agent.not.downline': 403,
  'agent.contract.unknown': 404,
  'agent.contract.state': 409,
  'agent.contract.pending': 409,
  'agent.contract.rate.cap': 400,
  'agent.contract.tiers.invalid': 400,
  'agent.contract.period.invalid': 400,
  'agent.contract.not.agent': 400,
  // Engagement, shared: a reward that cannot be claimed (yet, any more, or by this member).
  'reward.not.claimable': 409,
  // A referral reward held for an operator's review (the friend shares an IP, device or payout account).
  'referral.reward.review': 409,
  'referral.reward.unknown': 404,
  'referral.reward.state': 409,
  // VIP and rebates.
  // Points and the points mall.
  'points.insufficient': 400,
  'points.reward.unavailable': 409,
  'points.reward.out.of.stock': 409,
  'points.convert.disabled': 403,
  'points.convert.minimum': 400,
  'points.redemption.unknown': 404,
  'points.redemption.state': 409,
  // Promotions.
  'promo.not.found': 404,
  'promo.closed': 409,
  'promo.vip.required': 403,
  'promo.not.eligible': 409,
  'promo.participated': 409,
  'promo.action.invalid': 400,
  'promo.application.not.found': 404,
  'promo.application.state': 409,
  'promo.amount.range': 400,
  // Missions and rewards.
  // Inbox, feedback and referral.
  // Staff identity and access (back office): sign-in steps, staff management, API keys, brand
  // security, the audit log.
  'staff.login.invalid': 401,
  'staff.locked': 403,
  'staff.challenge.invalid': 401,
  'staff.totp.invalid': 400,
  'staff.totp.locked': 403,
  'staff.password.rule': 400,
  'staff.password.wrong': 400,
  'staff.not.found': 404,
  'staff.self': 403,
  'staff.grant.forbidden': 403,
  'apikey.permissions.forbidden': 403,
  'apikey.not.found': 404,
  'brand.security.ip.invalid': 400,
  'brand.security.self.lockout': 400,
  'audit.export.too.large': 400,
  'staff.passkey.invalid': 400,
  'staff.passkey.not.found': 404,
  // Players in the back office: operator actions and the blocks they set.
  'player.not.found': 404,
  'player.vip.level.unknown': 400,
  'player.reset.no.contact': 409,
  'cashier.deposit.blocked': 403,
  'cashier.withdrawal.blocked': 403,
  'game.betting.blocked': 403,
  // Back office: a withdrawal payment waiting for its second approver blocks another decision to pay.
  'withdrawal.approval.pending': 409,
  // The back-office dashboard's period.
  'dashboard.period.order': 400,
  'dashboard.period.too.long': 400,
  // Integrations (game aggregators, payment providers) a brand configures.
  'integration.unknown': 404,
  'integration.incomplete': 422,
  // Withdrawals paid through a payment provider: no other decision while a payment is on its way.
  'withdrawal.payout.in.flight': 409,
  // Transfer-wallet game vendors: the vendor refused a move of the member's money (nothing moved).
  'wallet.transfer.failed': 409,
  // Payment providers: the provider could not be reached or refused to take the order (nothing was charged).
  'cashier.gateway.unavailable': 503,
  // Player protection: limits, time-outs and self-exclusion.
  'protection.nothing.pending': 409,
  'protection.cooling': 409,
  'protection.excluded.longer': 409,
  'protection.excluded': 403,
  'protection.limit.deposit': 422,
  'protection.limit.wager': 422,
  'protection.limit.loss': 422,
  // Games at an aggregator: a further win of a round whose first win is still being booked; the
  // details of a round the vendor shows on its own pages.
  'vendor.round.open': 409,
  'vendor.round.details.unavailable': 404,
  // Anti-money-laundering: cases and screening lists.
  'aml.case.not.found': 404,
  'aml.case.decided': 409,
  'aml.list.invalid': 400,
  'aml.report.range': 400,
  // Identity verification (KYC): documents, submissions, staff decisions, withdrawals held for it.
  'kyc.document.invalid': 400,
  'kyc.document.too.large': 413,
  'kyc.document.missing': 400,
  'kyc.state': 409,
  'kyc.underage': 422,
  'kyc.withdrawal.waiting': 409,
  'kyc.not.found': 404,
  // Player protection: the session time limit, the minimum age at sign-up.
  'protection.limit.session': 403,
  'register.underage': 422,
  // Agents and payment channels in the back office.
  'agent.member.unknown': 404,
  'agent.template.unknown': 404,
  'agent.template.name.taken': 409,
  'agent.move.target.not.agent': 400,
  'agent.move.same': 409,
  'agent.move.cycle': 409,
  'agent.move.depth': 409,
  'agent.move.settled': 409,
  'agent.move.future': 400,
  'agent.statement.unknown': 404,
  'channel.unknown': 404,
  'channel.code.taken': 409,
  'channel.limits.invalid': 400,
  'channel.presets.invalid': 400,
  'channel.bank.required': 400,
  'channel.gateway.required': 400,
  'payout.bank.unknown': 404,
  'payout.bank.code.taken': 409,
  'payout.bank.in.use': 409,
  // Promotions set up in the back office: caps counted at claim time, the kill switch.
  'promo.stopped': 409,
  'promo.budget.exhausted': 409,
  'promo.member.cap': 409,
  'promo.category.not.found': 404,
  'promo.code.taken': 409,
  'promo.budget.below.used': 409,
  'promo.image.invalid': 400,
  // Rewards set up by the operator: pauses, missions, VIP levels, the points mall.
  'reward.paused': 409,
  'reward.mission.unknown': 404,
  'reward.code.taken': 409,
  'reward.vip.levels.invalid': 400,
  'reward.vip.level.in.use': 409,
  'reward.rebate.level.unknown': 400,
  'reward.mall.item.unknown': 404,
  'reward.mall.bonus.amount': 400,
  'reward.mall.stock.negative': 409,
  'reward.image.invalid': 400,
  'reward.image.too.large': 413,
  // The back office's game catalogue: a vendor row the brand does not have.
  'catalogue.vendor.unknown': 404,
  // House card rooms and baccarat tables a brand opens or closes.
  'house.room.unknown': 404,
  'house.room.last': 409,
  'house.room.closed': 409,
  // Uploaded game icons and lottery games a brand switches off.
  'game.icon.invalid': 400,
  'game.icon.too.large': 413,
  'game.icon.size': 400,
  'lottery.game.off': 409,
} as const;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function httpStatusOf(code: ErrorCode): number {
  return ERRORS[code];
}
