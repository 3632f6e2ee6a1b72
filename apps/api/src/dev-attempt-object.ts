import { configOf } from './config.ts';
import { AttemptObject as Attempt } from './attempt-object/object.ts';
import type { AttemptObjectProbe } from './routes/dev-objects.ts';

/**
 * The Worker's attempt object (src/attempt-object/object.ts) with two probes for local development only
 * (`LOCAL_DEV=1`; they refuse anywhere else): the close bench runs an object's final alarm and then asks whether
 * its storage is empty, which is what lets Cloudflare remove an object.
 */
export class AttemptObject extends Attempt implements AttemptObjectProbe {
  #localOnly(): void {
    if (!configOf(this.env).localDev)
      throw new Error('attempt object probes exist in local development only');
  }

  async devRunAlarm(): Promise<void> {
    this.#localOnly();
    await this.alarm();
  }

  async devStorageLeft(): Promise<{ readonly tables: readonly string[]; readonly alarm: boolean }> {
    this.#localOnly();
    const tables = this.ctx.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .toArray()
      .map((r) => r.name)
      .filter((name) => !name.startsWith('_cf_') && name !== '__miniflare_do_name');
    return { tables, alarm: (await this.ctx.storage.getAlarm()) !== null };
  }
}
