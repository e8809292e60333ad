/**
 * A counting semaphore that hands free slots to waiters strictly in arrival order. A waiter
 * whose signal aborts leaves the line and is rejected with the signal's reason.
 */
export class FifoSlots {
  /** Insertion-ordered, so the first entry is the oldest waiter; deletion is O(1). */
  private readonly line = new Set<Waiter>();
  private free: number;

  constructor(size: number) {
    this.free = size;
  }

  /** Waiters still in line. */
  get waiting(): number {
    return this.line.size;
  }

  /** Takes a slot if one is free and nobody is waiting; then release() it exactly once. */
  tryAcquire(): boolean {
    if (this.free === 0 || this.line.size > 0) return false;
    this.free--;
    return true;
  }

  /** Resolves once a slot is this caller's; call release() exactly once after that. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.line.delete(waiter);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.line.add(waiter);
    });
  }

  /** Gives the slot to the oldest waiter, or back to the free count. */
  release(): void {
    const next = this.line.values().next();
    if (next.done) {
      this.free++;
      return;
    }
    this.line.delete(next.value);
    next.value.resolve();
  }
}

interface Waiter {
  resolve(): void;
}
