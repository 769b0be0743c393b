import type { IntervalJob } from '../../platform/module';
import type { AgentAdminService } from './agent-admin.service';
import type { SettlementService } from './settlement.service';

/**
 * How often due contract periods are looked for. Real-time wages accrue per 5-minute slot
 * (SPEC section 9), so a slot is paid at most a minute after it ends; hourly, daily and dividend
 * periods are paid within a minute of ending. Each pass is idempotent (SettlementService says how).
 */
const CONTRACT_SETTLEMENT_INTERVAL_MS = 60_000;

/** How often scheduled moves of members to another upline are looked for. */
const AGENT_MOVE_INTERVAL_MS = 10_000;

/**
 * Contract settlement: every due period of every brand, each paid once. Moves whose time has come
 * are applied first, so a period ending after a move's effective time is not settled (and so
 * closed to the move) before the move is made.
 */
export function contractSettlementJob(settlement: SettlementService, admin: AgentAdminService): IntervalJob {
  return {
    name: 'contract settlement',
    everyMs: CONTRACT_SETTLEMENT_INTERVAL_MS,
    run: async () => {
      try {
        await admin.applyDueMoves();
      } finally {
        // A move that could not be applied (it is retried) holds no brand's settlement back.
        await settlement.runDue();
      }
    },
  };
}

/** Scheduled moves: each applied once, within seconds of its effective time. */
export function agentMoveJob(admin: AgentAdminService): IntervalJob {
  return { name: 'agent moves', everyMs: AGENT_MOVE_INTERVAL_MS, run: () => admin.applyDueMoves() };
}
