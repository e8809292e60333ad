import { nonPublicReason } from './address-policy';

describe('nonPublicReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['2001::1', 'teredo'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])('accepts the public address %s', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(nonPublicReason('localhost')).toBe('not an IP address');
  });
});
