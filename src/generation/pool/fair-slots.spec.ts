import { FifoSlots } from './fifo-slots';

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((done) => setImmediate(done));

describe('FifoSlots', () => {
  it('grants as many slots as it has at once, then makes callers wait', async () => {
    const slots = new FifoSlots(2);
    const granted: number[] = [];
    for (const n of [1, 2, 3]) void slots.acquire().then(() => granted.push(n));
    await settle();
    expect(granted).toEqual([1, 2]);
    expect(slots.waiting).toBe(1);
    slots.release();
    await settle();
    expect(granted).toEqual([1, 2, 3]);
    expect(slots.waiting).toBe(0);
  });

  it('tryAcquire takes a free slot at once, but never one a waiter is owed', async () => {
    const slots = new FifoSlots(1);
    expect(slots.tryAcquire()).toBe(true);
    expect(slots.tryAcquire()).toBe(false);
    const waiting = slots.acquire();
    slots.release();
    expect(slots.tryAcquire()).toBe(false);
    await waiting;
    slots.release();
    expect(slots.tryAcquire()).toBe(true);
  });

  it('hands freed slots to waiters in arrival order, and a newcomer queues behind them', async () => {
    const slots = new FifoSlots(1);
    await slots.acquire();
    const granted: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) void slots.acquire().then(() => granted.push(n));
    slots.release();
    void slots.acquire().then(() => granted.push(6));
    for (let i = 0; i < 5; i++) {
      await settle();
      slots.release();
    }
    await settle();
    expect(granted).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('takes an aborted waiter out of the line without spending a slot on it', async () => {
    const slots = new FifoSlots(1);
    await slots.acquire();
    const abort = new AbortController();
    const leaving = slots.acquire(abort.signal);
    const granted: string[] = [];
    void slots.acquire().then(() => granted.push('next'));
    abort.abort(new Error('too late'));
    await expect(leaving).rejects.toThrow('too late');
    expect(slots.waiting).toBe(1);
    slots.release();
    await settle();
    expect(granted).toEqual(['next']);
  });

  it('rejects at once when the signal has already aborted, and keeps its free slot', async () => {
    const slots = new FifoSlots(1);
    const abort = new AbortController();
    abort.abort(new Error('gone'));
    await expect(slots.acquire(abort.signal)).rejects.toThrow('gone');
    let granted = false;
    void slots.acquire().then(() => (granted = true));
    await settle();
    expect(granted).toBe(true);
  });

  it('after a slot is granted, a later abort changes nothing', async () => {
    const slots = new FifoSlots(1);
    const abort = new AbortController();
    await slots.acquire(abort.signal);
    abort.abort();
    expect(slots.waiting).toBe(0);
    let granted = false;
    void slots.acquire().then(() => (granted = true));
    slots.release();
    await settle();
    expect(granted).toBe(true);
  });
});
