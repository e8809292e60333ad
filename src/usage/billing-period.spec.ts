import { billingPeriod, secondsUntilNextPeriod } from './billing-period';

describe('billing period', () => {
  it('is the UTC calendar month', () => {
    expect(billingPeriod(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(billingPeriod(new Date('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
  });

  it('counts the seconds to the 1st of next month, across a year end', () => {
    expect(secondsUntilNextPeriod(new Date('2026-12-31T23:59:00.000Z'))).toBe(60);
    expect(secondsUntilNextPeriod(new Date('2026-02-28T00:00:00.000Z'))).toBe(86_400);
  });

  it('never answers zero seconds', () => {
    expect(secondsUntilNextPeriod(new Date('2026-03-31T23:59:59.999Z'))).toBe(1);
  });
});
