import { describe, expect, it } from 'vitest';
import { REDACTED, redactText, redactUrl, redactValue } from './redact.js';

describe('redaction', () => {
  it('redacts by name and by shape, and leaves transport values alone', () => {
    expect(redactValue('HF_TOKEN', 'abc')).toBe(REDACTED);
    expect(redactValue('AWS_SECRET_ACCESS_KEY', 'abc')).toBe(REDACTED);
    expect(redactValue('DB_PASSWORD', 'x')).toBe(REDACTED);
    expect(redactValue('MY_VAR', `hf_${'a'.repeat(30)}`)).toBe(REDACTED);
    expect(redactValue('UCX_TLS', 'rc,cuda_copy')).toBe('rc,cuda_copy');
    expect(redactValue('UCX_NET_DEVICES', 'mlx5_0:1')).toBe('mlx5_0:1');
  });

  it('redacts token-like words in free text', () => {
    expect(redactText('export HF_TOKEN=hf_abcdefghijklmnopqrstuvwx && run')).toBe(
      `export HF_TOKEN=${REDACTED} && run`,
    );
    expect(redactText('Authorization: Bearer abc.def')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText('UCX_TLS=rc,cuda_copy')).toBe('UCX_TLS=rc,cuda_copy');
  });

  it('redacts the credentials of a URL and nothing else', () => {
    expect(redactUrl('http://admin:s3cret@gw.example:9091/metrics')).toBe(
      `http://${REDACTED}@gw.example:9091/metrics`,
    );
    expect(redactUrl('push to https://tok@gw/x failed')).toBe(`push to https://${REDACTED}@gw/x failed`);
    expect(redactUrl('http://gw.example:9091/a@b')).toBe('http://gw.example:9091/a@b');
    expect(redactUrl('http://gw:9091/?token=abc')).toBe(`http://gw:9091/?token=${REDACTED}`);
  });
});
