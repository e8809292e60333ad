/** Epoch milliseconds; injected so that tests of lock-out and session expiry move time instead of sleeping. */
export abstract class Clock {
  abstract now(): number;
}

export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}
