import { compareVersions, isSemanticVersion, nextMinor } from './template-version';

describe('template versions', () => {
  it('accepts plain semantic versions only', () => {
    expect(['1.0.0', '0.1.0', '10.20.30'].every(isSemanticVersion)).toBe(true);
    expect(['1.0', '01.0.0', '1.0.0-beta', 'v1.0.0', '1.0.0+build', '1234567890.0.0'].some(isSemanticVersion)).toBe(false);
  });

  it('compares numerically, part by part', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
  });

  it('makes the next minor version', () => {
    expect(nextMinor('1.0.0')).toBe('1.1.0');
    expect(nextMinor('1.9.4')).toBe('1.10.0');
  });
});
