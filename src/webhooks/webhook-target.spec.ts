import { AddressLookup, resolveWebhookTarget, WebhookUrlError } from './webhook-target';

const resolvesTo =
  (...addresses: string[]): AddressLookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveWebhookTarget', () => {
  it('keeps the checked address to connect to', async () => {
    const target = await resolveWebhookTarget('https://hooks.example.com/pdf?x=1', false, resolvesTo('93.184.215.14'));
    expect(target).toEqual({ url: new URL('https://hooks.example.com/pdf?x=1'), address: '93.184.215.14', family: 4 });
  });

  it('refuses a name when any one of its addresses is not public', async () => {
    await expect(resolveWebhookTarget('https://mixed.example.com/', false, resolvesTo('93.184.215.14', '10.0.0.7'))).rejects.toThrow(
      'webhook.url must point at a public address; mixed.example.com is 10.0.0.7 (private). WEBHOOK_ALLOW_PRIVATE=true on the service allows private and loopback addresses (for development)',
    );
  });

  it.each(['http://127.0.0.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[64:ff9b::a00:1]/', 'http://169.254.169.254/latest'])(
    'refuses the address literal in %s without resolving it',
    async (url) => {
      const lookup = jest.fn();
      await expect(resolveWebhookTarget(url, false, lookup)).rejects.toBeInstanceOf(WebhookUrlError);
      expect(lookup).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['http://[::127.0.0.1]/', '::7f00:1 (ipv4Compatible)'],
    ['http://[::10.0.0.1]:8080/', '::a00:1 (ipv4Compatible)'],
    ['http://[::8.8.8.8]/', '::808:808 (ipv4Compatible)'],
    ['http://[::0.0.0.2]/', '::2 (ipv4Compatible)'],
    ['http://[4000::1]/', '4000::1 (reserved)'],
    ['http://[::1:0:0:1]/', '::1:0:0:1 (reserved)'],
    ['http://[64:ff9b::10.0.0.1]/', '64:ff9b::a00:1 (private)'],
    ['http://[64:ff9b::169.254.169.254]/', '64:ff9b::a9fe:a9fe (linkLocal)'],
    ['http://[64:ff9b:1::8.8.8.8]/', '64:ff9b:1::808:808 (rfc6052)'],
    ['http://[2002:7f00:1::1]/', '2002:7f00:1::1 (6to4)'],
    ['http://[2002:808:808::1]/', '2002:808:808::1 (6to4)'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', '2001:0:4136:e378:8000:63bf:80ff:fffe (teredo)'],
    ['http://[::ffff:0:7f00:1]/', '::ffff:0:7f00:1 (loopback)'],
  ])('refuses the IPv6 literal %s, which carries or reaches a non-public address', async (url, why) => {
    await expect(resolveWebhookTarget(url, false)).rejects.toThrow(`is ${why}`);
  });

  it('refuses a name that resolves to an IPv4-compatible address', async () => {
    await expect(resolveWebhookTarget('https://sneaky.example.com/', false, resolvesTo('::7f00:1'))).rejects.toThrow(
      'webhook.url must point at a public address; sneaky.example.com is ::7f00:1 (ipv4Compatible). WEBHOOK_ALLOW_PRIVATE=true on the service allows private and loopback addresses (for development)',
    );
  });

  it.each(['http://[2606:4700:4700::1111]/', 'http://[::ffff:8.8.8.8]/', 'http://[64:ff9b::8.8.8.8]/'])('accepts the public IPv6 literal %s', async (url) => {
    expect((await resolveWebhookTarget(url, false)).family).toBe(6);
  });

  it('lets WEBHOOK_ALLOW_PRIVATE lift only the address rule', async () => {
    expect((await resolveWebhookTarget('http://[::1]:8080/hook', true)).address).toBe('::1');
    await expect(resolveWebhookTarget('ftp://127.0.0.1/', true)).rejects.toThrow('webhook.url must use http or https');
  });

  it('refuses bad URLs, long URLs and names that do not resolve', async () => {
    await expect(resolveWebhookTarget('not a url', false)).rejects.toThrow('webhook.url must be an absolute http or https URL');
    await expect(resolveWebhookTarget(`https://example.com/${'a'.repeat(2048)}`, false)).rejects.toThrow('webhook.url must be at most 2048 characters');
    const failing: AddressLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
    };
    await expect(resolveWebhookTarget('https://nowhere.invalid/', false, failing)).rejects.toThrow('webhook.url host nowhere.invalid could not be resolved');
  });
});
