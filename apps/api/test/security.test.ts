import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { errorCode, quickPerfect, testClient, type Reply } from './helpers.ts';

/** The headers every API answer carries (docs/deploy.md), written out here rather than imported. */
const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

function expectSecurityHeaders(r: Reply): void {
  for (const [name, value] of Object.entries(EXPECTED))
    expect([name, r.headers.get(name)]).toEqual([name, value]);
  const permissions = r.headers.get('permissions-policy') ?? '';
  for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
    expect(permissions).toContain(off);
  expect(permissions).toContain('publickey-credentials-get=(self)');
}

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('security headers', () => {
  it('are on every API answer, successes and errors alike, and Cache-Control is kept', async () => {
    const client = testClient();
    const health = await client.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expectSecurityHeaders(health);
    expect(health.headers.get('cache-control')).toBe('no-store');

    const course = await client.call('GET', '/api/daily');
    expect(course.status).toBe(200);
    expectSecurityHeaders(course);
    expect(course.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);

    const created = await client.call('POST', '/api/players', {
      body: { name: 'Ada' },
      headers: { 'cf-connecting-ip': '198.51.100.7' },
    });
    expect(created.status).toBe(201);
    expectSecurityHeaders(created);

    for (const [method, path, status] of [
      ['GET', '/api/nowhere', 404],
      ['GET', '/api/players/me', 401],
      ['POST', '/api/players', 400],
      ['GET', '/api/daily/2026-02-30', 400],
    ] as const) {
      const r = await client.call(method, path, method === 'POST' ? { raw: '{' } : {});
      expect([path, r.status]).toEqual([path, status]);
      expectSecurityHeaders(r);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('the private port behind the local front', () => {
  const app = createApp({ perfect: quickPerfect });
  const call = (headers: Record<string, string>) =>
    app.request(
      '/api/players',
      { method: 'POST', headers, body: '{"name":"Ada"}' },
      {
        ...env,
        FRONT_SECRET: 'the-secret-of-this-run',
      },
    );

  it('refuses a request that did not pass the front, whatever CF-Connecting-IP it claims', async () => {
    const forgeries: Record<string, string>[] = [
      { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.9' },
      { 'content-type': 'application/json', 'x-golf-front': 'a-guess' },
      { 'content-type': 'application/json', 'x-golf-front': 'the-secret-of-this-run!' },
    ];
    for (const headers of forgeries) {
      const r = await call(headers);
      expect(r.status).toBe(403);
      const body = await r.json();
      expect(body).toMatchObject({ error: { code: 'ERR_FORBIDDEN' } });
      expect(JSON.stringify(body)).not.toMatch(/\d{4,5}/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves a request that carries the secret of the run', async () => {
    const r = await call({
      'content-type': 'application/json',
      'x-golf-front': 'the-secret-of-this-run',
      'cf-connecting-ip': '203.0.113.10',
    });
    expect(r.status).toBe(201);
  });

  it('changes nothing where no secret is configured (a deployment)', async () => {
    const r = await app.request('/api/health', {}, env);
    expect(r.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('PATCH /api/players/me validates the body before the token, like every other route', async () => {
    const client = testClient();
    const broken = await client.call('PATCH', '/api/players/me', { raw: '{' });
    expect([broken.status, errorCode(broken)]).toEqual([400, 'ERR_VALIDATION']);
    const badName = await client.call('PATCH', '/api/players/me', { body: { name: '' } });
    expect([badName.status, errorCode(badName)]).toEqual([400, 'ERR_VALIDATION']);
    const noToken = await client.call('PATCH', '/api/players/me', { body: { name: 'Bo' } });
    expect([noToken.status, errorCode(noToken)]).toEqual([401, 'ERR_UNAUTHORIZED']);
    const p = await client.player('Ada');
    const renamed = await client.call('PATCH', '/api/players/me', { body: { name: 'Bo' }, token: p.token });
    expect(renamed.status).toBe(200);
  });

  it('says that a JSON body must be sent as application/json', async () => {
    const client = testClient();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'text/json',
      undefined,
    ]) {
      const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
      const r = await client.app.request(
        '/api/players',
        { method: 'POST', headers, body: new TextEncoder().encode('{"name":"Ada"}') },
        env,
      );
      const body = (await r.json()) as { error: { code: string; message: string } };
      expect([type, r.status, body.error.code]).toEqual([type, 400, 'ERR_VALIDATION']);
      expect(body.error.message).toContain('Content-Type: application/json');
      expect(body.error.message).not.toContain('undefined');
    }
    const latin1 = await client.call('POST', '/api/players', {
      raw: '{"name":"Ada"}',
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    });
    expect([latin1.status, errorCode(latin1)]).toEqual([400, 'ERR_VALIDATION']);
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
    ]) {
      const ok = await client.call('POST', '/api/players', {
        raw: '{"name":"Ada"}',
        headers: {
          'content-type': type,
          'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250)}`,
        },
      });
      expect([type, ok.status]).toEqual([type, 201]);
    }
  });

  it('refuses bodies that are not valid UTF-8 instead of repairing them', async () => {
    const client = testClient();
    const invalid = [
      bytes('{"name":"a', [0xed, 0xa0, 0x80], 'b"}'), // a lone surrogate (U+D800) encoded as bytes
      bytes('{"name":"a', [0xff], 'b"}'), // never a UTF-8 byte
      bytes('{"name":"a', [0xc3], '"}'), // a sequence cut short
      bytes('{"name":"', [0xc0, 0xaf], '"}'), // an overlong "/"
      bytes('{"name":"', [0xf4, 0x90, 0x80, 0x80], '"}'), // above U+10FFFF
    ];
    for (const body of invalid) {
      const r = await client.call('POST', '/api/players', { bytes: body });
      expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
      expect(r.body).toMatchObject({ error: { message: 'the body is not valid UTF-8' } });
    }
    // The same checks on another route's body, before its token.
    const draw = await client.call('POST', '/api/daily/2026-06-15/attempt/draw', {
      bytes: bytes('{"hole":1,"log":"', [0xff], 'd"}'),
    });
    expect([draw.status, errorCode(draw)]).toEqual([400, 'ERR_VALIDATION']);
    // Valid multi-byte UTF-8 gets in unchanged.
    const zoe = await client.call<{ name: string }>('POST', '/api/players', {
      bytes: bytes('{"name":"Zo', [0xc3, 0xab], ' ', [0xf0, 0x9f, 0x98, 0x80], '"}'),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.200' },
    });
    expect([zoe.status, zoe.body.name]).toEqual([201, 'Zoë 😀']);
  });
});
