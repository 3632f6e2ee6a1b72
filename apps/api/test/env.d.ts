import type { D1Migration } from 'cloudflare:test';
import type * as MainModule from '../src/index.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      DAILY_SECRET: string;
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof MainModule;
    }
  }
}
