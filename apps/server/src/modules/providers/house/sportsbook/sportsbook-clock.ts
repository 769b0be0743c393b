/**
 * The sportsbook's clock. In production a match minute is a real minute and this clock is the
 * real clock. For end-to-end tests and demos SPORTSBOOK_MINUTE_MS makes a minute shorter: the
 * whole schedule (kick-offs, match minutes, the brand's days) then runs faster, from an anchor.
 *
 * WARNING: with a shortened minute the anchor is the start of the UTC day the process started, so
 * two processes started on different days disagree on the time. A shortened minute is for a
 * single test or demo server, never for production (where the anchor has no effect).
 */
const REAL_MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export class SportsbookClock {
  /** Sportsbook milliseconds per real millisecond (1 in production). */
  readonly speed: number;
  private readonly anchor: number;

  constructor(
    readonly minuteMs: number = REAL_MINUTE_MS,
    private readonly realNow: () => number = Date.now,
    anchor?: number,
  ) {
    if (!(minuteMs > 0 && minuteMs <= REAL_MINUTE_MS)) throw new RangeError('minuteMs must be in (0, 60000]');
    this.speed = REAL_MINUTE_MS / minuteMs;
    this.anchor = anchor ?? Math.floor(realNow() / DAY_MS) * DAY_MS;
  }

  /** The sportsbook's time now. */
  now(): Date {
    return this.toBook(new Date(this.realNow()));
  }

  toBook(real: Date): Date {
    if (this.speed === 1) return real;
    return new Date(this.anchor + (real.getTime() - this.anchor) * this.speed);
  }

  /** The real instant of a sportsbook instant (when a kick-off really happens). */
  toReal(book: Date): Date {
    if (this.speed === 1) return book;
    return new Date(this.anchor + Math.round((book.getTime() - this.anchor) / this.speed));
  }
}
