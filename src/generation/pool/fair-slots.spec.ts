import { FairSlots } from './fair-slots';

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((done) => setImmediate(done));

describe('FairSlots, within one workspace', () => {
  it('grants all slots but one at once, then makes callers wait', async () => {
    const slots = new FairSlots(3);
    const granted: number[] = [];
    for (const n of [1, 2, 3]) void slots.acquire('a').then(() => granted.push(n));
    await settle();
    expect(granted).toEqual([1, 2]);
    expect(slots.waiting).toBe(1);
    slots.release('a');
    await settle();
    expect(granted).toEqual([1, 2, 3]);
    expect(slots.waiting).toBe(0);
  });

  it('tryAcquire takes a free slot at once, but never one a waiter is owed', async () => {
    const slots = new FairSlots(1);
    expect(slots.tryAcquire('a')).toBe(true);
    expect(slots.tryAcquire('a')).toBe(false);
    const waiting = slots.acquire('a');
    slots.release('a');
    expect(slots.tryAcquire('a')).toBe(false);
    await waiting;
    slots.release('a');
    expect(slots.tryAcquire('a')).toBe(true);
  });

  it('hands freed slots to waiters in arrival order, and a newcomer queues behind them', async () => {
    const slots = new FairSlots(1);
    await slots.acquire('a');
    const granted: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) void slots.acquire('a').then(() => granted.push(n));
    slots.release('a');
    void slots.acquire('a').then(() => granted.push(6));
    for (let i = 0; i < 5; i++) {
      await settle();
      slots.release('a');
    }
    await settle();
    expect(granted).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('takes an aborted waiter out of the line without spending a slot on it', async () => {
    const slots = new FairSlots(1);
    await slots.acquire('a');
    const abort = new AbortController();
    const leaving = slots.acquire('a', abort.signal);
    const granted: string[] = [];
    void slots.acquire('a').then(() => granted.push('next'));
    abort.abort(new Error('too late'));
    await expect(leaving).rejects.toThrow('too late');
    expect(slots.waiting).toBe(1);
    slots.release('a');
    await settle();
    expect(granted).toEqual(['next']);
  });

  it('rejects at once when the signal has already aborted, and keeps its free slot', async () => {
    const slots = new FairSlots(1);
    const abort = new AbortController();
    abort.abort(new Error('gone'));
    await expect(slots.acquire('a', abort.signal)).rejects.toThrow('gone');
    let granted = false;
    void slots.acquire('a').then(() => (granted = true));
    await settle();
    expect(granted).toBe(true);
  });

  it('after a slot is granted, a later abort changes nothing', async () => {
    const slots = new FairSlots(1);
    const abort = new AbortController();
    await slots.acquire('a', abort.signal);
    abort.abort();
    expect(slots.waiting).toBe(0);
    let granted = false;
    void slots.acquire('a').then(() => (granted = true));
    slots.release('a');
    await settle();
    expect(granted).toBe(true);
  });
});

describe('FairSlots, between workspaces (DECISIONS section 13)', () => {
  /** Acquires for `tenant` and records the grant as `tenant + n`. */
  const queue = (slots: FairSlots, granted: string[], tenant: string, count: number) => {
    for (let n = 1; n <= count; n++) void slots.acquire(tenant).then(() => granted.push(`${tenant}${n}`));
  };

  it('serves waiting workspaces in turn, not in arrival order', async () => {
    const slots = new FairSlots(1);
    await slots.acquire('x');
    const granted: string[] = [];
    queue(slots, granted, 'a', 4);
    queue(slots, granted, 'b', 2);
    queue(slots, granted, 'c', 1);
    for (let i = 0; i < 7; i++) {
      slots.release(i === 0 ? 'x' : granted[i - 1][0]);
      await settle();
    }
    expect(granted).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('always leaves a worker to another workspace: one holds at most size - 1', async () => {
    const slots = new FairSlots(4);
    const granted: string[] = [];
    queue(slots, granted, 'flood', 10);
    await settle();
    // Alone, the flood takes three of four: the fourth is there the moment someone else comes.
    expect(granted).toEqual(['flood1', 'flood2', 'flood3']);
    expect(slots.tryAcquire('quiet')).toBe(true);
    queue(slots, granted, 'quiet', 1);
    // Freed slots go in turn: the flood was served before the quiet workspace's first, then quiet.
    slots.release('flood');
    await settle();
    slots.release('flood');
    await settle();
    expect(granted.slice(3)).toEqual(['flood4', 'quiet1']);
  });

  it('with one slot, serves workspaces in turn', async () => {
    const slots = new FairSlots(1);
    const granted: string[] = [];
    queue(slots, granted, 'a', 2);
    queue(slots, granted, 'b', 1);
    await settle();
    slots.release('a');
    await settle();
    slots.release('b');
    await settle();
    expect(granted).toEqual(['a1', 'b1', 'a2']);
  });

});
