/**
 * At most `limit` events per key within `windowMs`, counted in this process's memory: the
 * throttle of "Forgot password", where a replica's own count is enough to stop a mail flood.
 */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an event for `key` and returns 0, or, over the limit, counts nothing and returns the ms until one is allowed. */
  take(key: string, now: number): number {
    const recent = (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.events.set(key, recent);
      return recent[0] + this.windowMs - now;
    }
    recent.push(now);
    this.events.set(key, recent);
    if (this.events.size > 10_000) this.sweep(now);
    return 0;
  }

  /** Forgets keys whose events have all left the window, so memory follows recent traffic only. */
  private sweep(now: number): void {
    for (const [key, times] of this.events) if (times[times.length - 1] <= now - this.windowMs) this.events.delete(key);
  }
}
