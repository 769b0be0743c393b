import type { ModuleContext, ServerModule } from '../../platform/module';
import type { KycService } from '../kyc';
import type { MemberDirectory } from '../member';
import type { StaffServices } from '../staff';
import type { VipLevelService } from '../vip';
import type { LedgerService } from '../wallet';
import { ChatRepository } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { ChatService } from './chat.service';

interface ChatDeps extends ModuleContext {
  /** Members' VIP levels and who gets the VIP customer service. */
  levels: Pick<VipLevelService, 'hasVipService' | 'levelOf'>;
  directory: Pick<MemberDirectory, 'byId'>;
  ledger: Pick<LedgerService, 'memberBalances'>;
  kyc: Pick<KycService, 'stateOf'>;
  /** Staff members' display names (what players see on answers). */
  admin: Pick<StaffServices['admin'], 'displayName'>;
}

interface ChatServices {
  /** Conversations, messages, images, the desk, canned replies and settings. */
  chat: ChatService;
}

/**
 * The built-in customer-service chat: members and visitors talk with the brand's support staff
 * from the site's chat page; staff answer from the back office's desk. The desk shows a member's
 * profile read through the modules that own it (member, VIP, wallet, KYC).
 */
export function createChatModule(deps: ChatDeps): ServerModule<ChatServices> {
  const chat = new ChatService(new ChatRepository(deps.db), deps.limits, deps.notices, {
    vipService: (merchant, memberId) => deps.levels.hasVipService(merchant, memberId),
    staffName: (principal) => deps.admin.displayName(principal),
    member: async (merchant, memberId) => {
      const m = await deps.directory.byId(memberId);
      if (!m || m.merchant_code !== merchant) return null;
      const [vipLevel, balances, kycState] = await Promise.all([
        deps.levels.levelOf(merchant, memberId),
        deps.ledger.memberBalances(deps.db, memberId),
        deps.kyc.stateOf(merchant, memberId),
      ]);
      return {
        username: m.username,
        status: m.status,
        vipLevel,
        registeredAt: m.created_at,
        lastLoginAt: m.last_login_at,
        balance: balances.get('MAIN') ?? 0n,
        kycState,
        language: m.language,
      };
    },
  });
  return {
    services: { chat },
    routes: async (app) => {
      await app.register(chatRoutes, { chat });
    },
  };
}
