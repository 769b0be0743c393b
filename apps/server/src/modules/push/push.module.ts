import type { WebSocket } from 'ws';
import type { SessionMember } from '../../platform/auth';
import type { ModuleContext, ServerModule } from '../../platform/module';
import { PushHub } from './push-hub';
import { pushRoutes, type PushRoutesOptions } from './push.routes';

interface PushDeps
  extends ModuleContext, Pick<PushRoutesOptions, 'staffPrincipal' | 'allowIp' | 'chatConversation'> {
  verifyToken: (token: string, merchantCode: string) => Promise<SessionMember | null>;
}

interface PushServices {
  /** This instance's subscribers and recent events (tests and the metrics read it). */
  hub: PushHub;
  /** Open WebSocket connections on this instance. */
  connections: Set<WebSocket>;
}

/**
 * The site's push channel. Other modules never call it: they publish on the bus
 * (platform/push-topics.ts names the topics), and every instance's hub hands what it hears to its
 * own subscribers, so a change made on one instance reaches the players connected to all of them.
 */
export function createPushModule(deps: PushDeps): ServerModule<PushServices> {
  const hub = new PushHub(deps.bus);
  const connections = new Set<WebSocket>();
  return {
    routes: async (app) => {
      app.addHook('onClose', async () => hub.close());
      await app.register(pushRoutes, {
        hub,
        verify: deps.verifyToken,
        connections,
        maxPerIp: deps.config.PUSH_MAX_PER_IP,
        staffPrincipal: deps.staffPrincipal,
        allowIp: deps.allowIp,
        chatConversation: deps.chatConversation,
      });
    },
    services: { hub, connections },
  };
}
