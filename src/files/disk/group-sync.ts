/**
 * Group commit: one flush serves every caller whose write finished before it started. A caller
 * that arrives while a flush runs waits for the next one, which all such callers share; so under
 * load a volume is synced once per round instead of once per file.
 */
export class GroupSync {
  private running?: Promise<void>;
  /** The flush that will start when the running one ends; callers join it. */
  private queued?: Promise<void>;

  constructor(private readonly flush: () => Promise<void>) {}

  /** Resolves after a flush that started after this call. */
  sync(): Promise<void> {
    if (this.queued) return this.queued;
    const previous = this.running ?? Promise.resolve();
    const queued = previous
      .catch(() => undefined)
      .then(() => {
        // From here on a new caller needs a later flush than this one.
        this.queued = undefined;
        const run = this.flush();
        this.running = run;
        return run.finally(() => {
          if (this.running === run) this.running = undefined;
        });
      });
    this.queued = queued;
    return queued;
  }
}
