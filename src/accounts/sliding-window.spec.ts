import { SlidingWindow } from './sliding-window';

describe('SlidingWindow', () => {
  it('allows `limit` events per key within the window, then says how long to wait', () => {
    const window = new SlidingWindow(2, 1000);
    expect(window.take('a', 0)).toBe(0);
    expect(window.take('a', 400)).toBe(0);
    expect(window.take('a', 500)).toBe(500);
    expect(window.take('b', 500)).toBe(0);
    // The refused event was not counted: the first one leaves the window at 1000.
    expect(window.take('a', 1001)).toBe(0);
    expect(window.take('a', 1002)).toBe(398);
  });
});
