import { HEADERS, TRIAL_IS_AGENT } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/** The member a valid session token belongs to. */
export interface SessionMember {
  memberId: string;
  sessionId: string;
  merchantCode: string;
  username: string;
  isAgent: number;
  /** The login required a password change: until it is made, the session may do little else. */
  mustChangePassword: boolean;
  /**
   * The operator blocked this member's betting: read with the session row the guard reads anyway,
   * so the bet paths check it for free. Absent on members built outside the guard (none bet).
   */
  bettingBlocked?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on routes with config.auth; null when the route allows anonymous callers. */
    member: SessionMember | null;
  }
  interface FastifyContextConfig {
    /**
     * 'member': a live session is required; 'real': and it must not be a trial account
     * (member centre, agent centre, favourites); 'optional': read it if present.
     */
    auth?: 'member' | 'real' | 'optional';
    /**
     * What a session that must change its password may still do: read its own member, change
     * the password and log out. Every other route refuses it with password.change.required.
     */
    beforePasswordChange?: boolean;
  }
}

type VerifyToken = (token: string, merchantCode: string) => Promise<SessionMember | null>;

/**
 * Resolves the Authorization header (the raw session token, no "Bearer") on routes that ask
 * for it. The token lookup is injected: the session module owns sessions.
 */
export const authGuard = fp(
  async (app: FastifyInstance, opts: { verify: VerifyToken }) => {
    app.decorateRequest('member', null);
    app.addHook('preValidation', async (request) => {
      const mode = request.routeOptions.config.auth;
      if (!mode) return;
      const header = request.headers[HEADERS.authorization];
      const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
      const member = token ? await opts.verify(token, request.brand.code) : null;
      if (!member) {
        if (mode === 'optional') return;
        throw new AppError('login.not.session');
      }
      if (mode === 'real' && member.isAgent === TRIAL_IS_AGENT) throw new AppError('member.trial.forbidden');
      // WARNING: the forced password change is enforced here, not only by the site's modal: the
      // password was chosen by someone else (an agent, a reset mail), so until the member sets
      // their own, the session must not move money, launch games or change anything else.
      if (member.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
        // A route open to visitors answers as to a visitor rather than failing.
        if (mode === 'optional') return;
        throw new AppError('password.change.required');
      }
      request.member = member;
    });
  },
  { name: 'auth-guard', dependencies: ['request-context'] },
);
