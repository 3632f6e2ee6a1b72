import { describe, expect, it } from 'vitest';
import { DAY, playCourse, testClient } from './helpers.ts';

describe('smoke', () => {
  it('plays a course', async () => {
    const client = testClient();
    expect((await client.call('GET', '/api/health')).body).toEqual({ ok: true });
    const p = await client.player();
    const { holes } = await playCourse(client, DAY, p.token);
    expect(holes[8]!.result.finished).toBe(true);
  });
});
