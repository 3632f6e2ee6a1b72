import type { D1Migration } from 'cloudflare:test';
import type * as MainModule from '../src/worker.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      ATTEMPTS: import('../src/env.ts').Env['ATTEMPTS'];
      DAILY_SECRET: string;
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof MainModule;
    }
  }
}
