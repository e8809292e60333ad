import { statusColor } from './status-pill';
import { COLORS } from './theme';
import { trendColor } from './tile-grid';

describe('status and trend colours', () => {
  it('colours known statuses whatever their spelling, and unknown ones neutral', () => {
    expect(statusColor('on-track')).toBe(statusColor('On Track'));
    expect(statusColor('complete')).not.toBe(COLORS.neutral);
    expect(statusColor('at-risk')).not.toBe(statusColor('complete'));
    expect(statusColor('delayed')).not.toBe(COLORS.neutral);
    expect(statusColor('not-started')).not.toBe(COLORS.neutral);
    expect(statusColor('mystery')).toBe(COLORS.neutral);
  });

  it('draws up green, down red, flat grey and anything else neutral', () => {
    expect(trendColor('up')).toBe(COLORS.positive);
    expect(trendColor('DOWN')).toBe(COLORS.negative);
    expect(trendColor('flat')).toBe(COLORS.flat);
    expect(trendColor('sideways')).toBe(COLORS.neutral);
  });
});
