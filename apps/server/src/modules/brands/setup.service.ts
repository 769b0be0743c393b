import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import type { RateLimiter } from '../../platform/rate-limit';
import type { BrandsRepository } from './brands.repository';

/** Creates the first platform owner with a one-time password (the staff module's account creation). */
export type CreateOwner = (input: {
  username: string;
  displayName: string;
}) => Promise<{ oneTimePassword: string }>;

/** Wrong set-up tokens allowed per address per window before every try is refused. */
const TRIES = 5;
const WINDOW_SECONDS = 900;

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * The first owner on an empty database, without the CLI: while no staff member exists, each
 * server instance prints a one-time set-up token when it starts (stored hashed); the back
 * office's sign-in page trades it for a platform owner with a one-time password, who then signs
 * in, changes it and enrols TOTP like every staff member. A token works once, and using one
 * closes all others; wrong tokens are refused and limited per address.
 */
export class SetupService {
  constructor(
    private readonly repo: BrandsRepository,
    private readonly limits: RateLimiter,
    private readonly createOwner: CreateOwner,
  ) {}

  async needed(): Promise<boolean> {
    return (await this.repo.staffCount()) === 0;
  }

  /** A new token when no staff member exists (null otherwise); the caller prints it. */
  async prepare(): Promise<string | null> {
    if (!(await this.needed())) return null;
    const token = randomBytes(24).toString('base64url');
    await this.repo.insertSetupToken(hashOf(token));
    return token;
  }

  async complete(input: { token: string; username: string; displayName: string }, ip: string) {
    if (!(await this.limits.allow(`setup:${ip}`, WINDOW_SECONDS, TRIES)))
      throw new AppError('system.throttled');
    const used = await this.repo.transaction(async (trx) => {
      if ((await this.repo.staffCount(trx)) > 0) throw new AppError('setup.not.needed');
      return this.repo.useSetupToken(trx, hashOf(input.token));
    });
    if (!used) throw new AppError('setup.token.invalid');
    const made = await this.createOwner({ username: input.username, displayName: input.displayName });
    return { username: input.username, oneTimePassword: made.oneTimePassword };
  }
}
