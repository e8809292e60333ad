/**
 * The render workers, shared fairly between workspaces (DECISIONS section 13): waiting renders
 * are served round-robin by workspace (the one served least recently goes next), in arrival
 * order within each, and one workspace holds at
 * most `size - 1` slots while another waits, so a flood of slow renders from one workspace leaves
 * a worker for everyone else. With nobody else waiting, one workspace may use them all.
 * A waiter whose signal aborts leaves the line and is rejected with the signal's reason.
 */
export class FairSlots {
  private free: number;
  /** Slots held, by tenant (absent: none). */
  private readonly held = new Map<string, number>();
  /** Waiters by tenant, oldest first. */
  private readonly lines = new Map<string, Set<Waiter>>();
  private waiters = 0;
  /** When each tenant holding or awaiting a slot last got one: the least recently served goes next. */
  private readonly served = new Map<string, number>();
  private turn = 0;

  constructor(private readonly size: number) {
    this.free = size;
  }

  /** Renders waiting for a slot. */
  get waiting(): number {
    return this.waiters;
  }

  /** Takes a slot for `tenant` if one is free and no render it should yield to is waiting; then release(tenant) it once. */
  tryAcquire(tenant: string): boolean {
    if (this.free === 0 || this.lines.has(tenant) || !this.mayHold(tenant)) return false;
    this.take(tenant);
    return true;
  }

  /** Resolves once a slot is the tenant's; call release(tenant) exactly once after that. */
  acquire(tenant: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.tryAcquire(tenant)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.leave(tenant, waiter);
        reject(signal?.reason);
        // The waiter may have been all that kept another tenant from a free slot.
        this.dispatch();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let line = this.lines.get(tenant);
      if (!line) this.lines.set(tenant, (line = new Set()));
      line.add(waiter);
      this.waiters++;
    });
  }

  /** Gives the tenant's slot back, to the next tenant in turn that may take it. */
  release(tenant: string): void {
    const held = (this.held.get(tenant) ?? 0) - 1;
    if (held > 0) this.held.set(tenant, held);
    else this.held.delete(tenant);
    this.free++;
    this.forgetIdle(tenant);
    this.dispatch();
  }

  /** Hands free slots to waiting tenants in turn: the least recently served that may hold one more. */
  private dispatch(): void {
    while (this.free > 0 && this.waiters > 0) {
      let next: string | undefined;
      for (const tenant of this.lines.keys()) {
        if (this.mayHold(tenant) && (next === undefined || (this.served.get(tenant) ?? -1) < (this.served.get(next) ?? -1))) next = tenant;
      }
      if (next === undefined) return;
      const waiter = this.lines.get(next)!.values().next().value as Waiter;
      this.leave(next, waiter);
      this.take(next);
      waiter.resolve();
    }
  }

  /** At most size - 1 slots (one, when there is one). */
  private mayHold(tenant: string): boolean {
    return (this.held.get(tenant) ?? 0) < Math.max(1, this.size - 1);
  }

  private take(tenant: string): void {
    this.free--;
    this.held.set(tenant, (this.held.get(tenant) ?? 0) + 1);
    this.served.set(tenant, ++this.turn);
  }

  /** A tenant neither holding nor awaiting a slot is forgotten: the maps stay as small as the line. */
  private forgetIdle(tenant: string): void {
    if (!this.held.has(tenant) && !this.lines.has(tenant)) this.served.delete(tenant);
  }

  private leave(tenant: string, waiter: Waiter): void {
    const line = this.lines.get(tenant);
    if (!line?.delete(waiter)) return;
    this.waiters--;
    if (line.size === 0) this.lines.delete(tenant);
    this.forgetIdle(tenant);
  }
}

interface Waiter {
  resolve(): void;
}
