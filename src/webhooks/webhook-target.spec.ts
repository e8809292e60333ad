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
      'webhook.url must point at a public address; mixed.example.com is 10.0.0.7 (private)',
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
