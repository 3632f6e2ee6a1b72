import { configOf } from '../src/config.ts';
import { describe, expect, it } from 'vitest';
import type { NewPlayer, PasskeyView, PlayerView } from '../src/index.ts';
import { relyingParty } from '../src/services/passkeys.ts';
import { SoftAuthenticator, type Ceremony } from './authenticator.ts';
import { errorCode, testClient, type Client } from './helpers.ts';

const ORIGIN = 'https://golf.example';
let address = 0;
const headers = (origin = ORIGIN) => ({ origin, 'cf-connecting-ip': `192.0.2.${++address % 250}` });

async function register(client: Client, token: string, device = new SoftAuthenticator(), origin = ORIGIN) {
  const options = await client.call<Ceremony>('POST', '/api/players/me/passkeys/options', {
    token,
    headers: headers(origin),
  });
  expect(options.status).toBe(200);
  expect(options.body.rp?.id).toBe(new URL(origin).hostname);
  const r = await client.call<PasskeyView>('POST', '/api/players/me/passkeys', {
    token,
    headers: headers(origin),
    body: await device.create(options.body, origin),
  });
  return { device, reply: r };
}

async function signInOptions(client: Client, origin = ORIGIN): Promise<Ceremony> {
  const r = await client.call<Ceremony>('POST', '/api/players/passkeys/options', {
    headers: headers(origin),
  });
  expect(r.status).toBe(200);
  return r.body;
}

const signIn = (client: Client, body: unknown, origin = ORIGIN) =>
  client.call<NewPlayer>('POST', '/api/players/passkeys/sign-in', { headers: headers(origin), body });

describe('passkeys', () => {
  it('registers a passkey and signs in with it on another device', async () => {
    const client = testClient();
    const p = await client.player('Keyholder');
    const { device, reply } = await register(client, p.token);
    expect(reply.status).toBe(201);
    expect(reply.body.id).toBe(device.id);
    const list = await client.call<{ passkeys: PasskeyView[] }>('GET', '/api/players/me/passkeys', {
      token: p.token,
    });
    expect(list.body.passkeys.map((k) => k.id)).toEqual([device.id]);

    const options = await signInOptions(client);
    expect(options.rpId).toBe('golf.example');
    const r = await signIn(client, await device.get(options, ORIGIN));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p.id, name: 'Keyholder' });
    expect(r.body.token).not.toBe(p.token);
    const me = await client.call<PlayerView>('GET', '/api/players/me', { token: r.body.token });
    expect(me.body.id).toBe(p.id);
    const used = await client.call<{ passkeys: PasskeyView[] }>('GET', '/api/players/me/passkeys', {
      token: p.token,
    });
    expect(used.body.passkeys[0]!.lastUsedAt).not.toBeNull();
  });

  it('uses each challenge once, and not after 5 minutes', async () => {
    const client = testClient();
    const p = await client.player();
    const { device } = await register(client, p.token);
    const answer = await device.get(await signInOptions(client), ORIGIN);
    const replies = await Promise.all([signIn(client, answer), signIn(client, answer)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401]);
    expect((await signIn(client, answer)).status).toBe(401);

    const late = await device.get(await signInOptions(client), ORIGIN);
    client.setNow(new Date(client.now().getTime() + 5 * 60_000).toISOString());
    const r = await signIn(client, late);
    expect([r.status, errorCode(r)]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });

  it('refuses an unknown passkey, another origin, another site and a forged signature', async () => {
    const client = testClient();
    const p = await client.player();
    const { device } = await register(client, p.token);
    const stranger = new SoftAuthenticator();
    await register(client, (await client.player()).token, stranger, 'https://other.example');

    const unknown = await signIn(
      client,
      await new SoftAuthenticator().get(await signInOptions(client), ORIGIN),
    );
    expect([unknown.status, errorCode(unknown)]).toEqual([401, 'ERR_UNAUTHORIZED']);
    // Registered for other.example: not a passkey of golf.example.
    const otherSite = await signIn(client, await stranger.get(await signInOptions(client), ORIGIN));
    expect(otherSite.status).toBe(401);
    // The page says another origin than the one it asked from.
    const wrongOrigin = await signIn(
      client,
      await device.get(await signInOptions(client), 'https://evil.example'),
    );
    expect(wrongOrigin.status).toBe(401);
    // The library's own text (which names the origins) never reaches the client.
    expect(JSON.stringify(wrongOrigin.body)).not.toMatch(/evil|golf\.example|expected/i);
    expect(wrongOrigin.body).toMatchObject({
      error: {
        message: 'the passkey was not accepted: its challenge, origin, site or signature does not match',
      },
    });
    // Someone else's signature.
    const forged = await device.get(await signInOptions(client), ORIGIN);
    const bad = await signIn(client, {
      ...forged,
      response: {
        ...forged.response,
        signature: (await stranger.get(await signInOptions(client), ORIGIN)).response.signature,
      },
    });
    expect(bad.status).toBe(401);
  });

  it("refuses a registration against another player's challenge or a malformed answer", async () => {
    const client = testClient();
    const a = await client.player();
    const b = await client.player();
    const options = await client.call<Ceremony>('POST', '/api/players/me/passkeys/options', {
      token: a.token,
      headers: headers(),
    });
    const answer = await new SoftAuthenticator().create(options.body, ORIGIN);
    const stolen = await client.call('POST', '/api/players/me/passkeys', {
      token: b.token,
      headers: headers(),
      body: answer,
    });
    expect([stolen.status, errorCode(stolen)]).toEqual([400, 'ERR_VALIDATION']);
    for (const body of [{}, { ...answer, type: 'x' }, { ...answer, response: { clientDataJSON: '!!' } }]) {
      const r = await client.call('POST', '/api/players/me/passkeys', {
        token: a.token,
        headers: headers(),
        body,
      });
      expect(r.status).toBe(400);
    }
    const garbage = await client.call('POST', '/api/players/me/passkeys', {
      token: a.token,
      headers: headers(),
      body: { ...answer, response: { ...answer.response, attestationObject: 'AAAA' } },
    });
    expect([garbage.status, errorCode(garbage)]).toEqual([400, 'ERR_VALIDATION']);
    const anon = await client.call('POST', '/api/players/me/passkeys/options');
    expect(anon.status).toBe(401);
    const noBody = await client.call('POST', '/api/players/passkeys/sign-in', {
      headers: headers(),
      body: { id: 'x' },
    });
    expect([noBody.status, errorCode(noBody)]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('keeps passkeys through sign-out everywhere', async () => {
    const client = testClient();
    const p = await client.player();
    const { device } = await register(client, p.token);
    const out = await client.call<{ token: string }>('POST', '/api/players/me/sign-out-everywhere', {
      token: p.token,
    });
    expect(out.status).toBe(200);
    const r = await signIn(client, await device.get(await signInOptions(client), ORIGIN));
    expect(r.body.id).toBe(p.id);
  });

  it('takes the relying party from the configuration, else the page origin, else the request', () => {
    expect(relyingParty(configOf({}), 'http://127.0.0.1:9000/api/x', 'http://localhost:5173')).toEqual({
      id: 'localhost',
      origin: 'http://localhost:5173',
    });
    expect(relyingParty(configOf({}), 'https://golf.example/api/x', undefined)).toEqual({
      id: 'golf.example',
      origin: 'https://golf.example',
    });
    expect(relyingParty(configOf({}), 'https://golf.example/api/x', 'null')).toEqual({
      id: 'golf.example',
      origin: 'https://golf.example',
    });
    expect(
      relyingParty(
        configOf({ RP_ID: 'example.org', RP_ORIGIN: 'https://play.example.org' }),
        'http://x/api',
        'https://e.vil',
      ),
    ).toEqual({ id: 'example.org', origin: 'https://play.example.org' });
  });
});
