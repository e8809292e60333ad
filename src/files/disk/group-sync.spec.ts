import { GroupSync } from './group-sync';

/** A flush that the test finishes by hand, counting how many were started. */
function manualFlush() {
  const started: Array<{ finish(): void; fail(error: Error): void }> = [];
  const flush = () =>
    new Promise<void>((resolve, reject) => {
      started.push({ finish: resolve, fail: reject });
    });
  return { flush, started };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupSync', () => {
  it('runs one flush for all callers that arrive before it starts', async () => {
    const { flush, started } = manualFlush();
    const group = new GroupSync(flush);
    const callers = [group.sync(), group.sync(), group.sync()];
    await settled();
    expect(started).toHaveLength(1);
    started[0].finish();
    await expect(Promise.all(callers)).resolves.toEqual([undefined, undefined, undefined]);
  });

  it('makes a caller that arrives during a flush wait for the next one, shared with later arrivals', async () => {
    const { flush, started } = manualFlush();
    const group = new GroupSync(flush);
    let firstDone = false;
    let laterDone = false;
    void group.sync().then(() => (firstDone = true));
    await settled();
    const later = [group.sync(), group.sync()];
    void Promise.all(later).then(() => (laterDone = true));
    started[0].finish();
    await settled();
    expect(firstDone).toBe(true);
    // The write behind a later caller may have finished after the first flush began: not covered by it.
    expect(laterDone).toBe(false);
    expect(started).toHaveLength(2);
    started[1].finish();
    await settled();
    expect(laterDone).toBe(true);
  });

  it('rejects the callers of a failed flush, and flushes again for the next caller', async () => {
    const { flush, started } = manualFlush();
    const group = new GroupSync(flush);
    const failing = group.sync();
    await settled();
    started[0].fail(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    const next = group.sync();
    await settled();
    expect(started).toHaveLength(2);
    started[1].finish();
    await expect(next).resolves.toBeUndefined();
  });
});
