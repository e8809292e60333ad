import { signWebhook } from './webhook-signature';

describe('signWebhook', () => {
  // The example of the Standard Webhooks specification and its reference libraries.
  it('matches the Standard Webhooks reference example', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('changes with any byte of the body', () => {
    const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    expect(signWebhook(secret, 'msg_1', 1, '{"a":1}')).not.toBe(signWebhook(secret, 'msg_1', 1, '{"a":1} '));
  });
});
