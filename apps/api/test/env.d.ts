import type { D1Migration } from 'cloudflare:test';
import type { Env as AppBindings } from '../src/env.ts';
import type * as MainModule from '../src/worker.ts';

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      ATTEMPTS: AppBindings['ATTEMPTS'];
      AUDIT_QUEUE: AppBindings['AUDIT_QUEUE'];
      ARCHIVE: AppBindings['ARCHIVE'];
      DAILY_SECRET: string;
      VAPID_PUBLIC_KEY: string;
      DAYS_A: D1Database;
      DAYS_B: D1Database;
      DAYS_C: D1Database;
      DAY_DATABASES: string;
      TEST_MIGRATIONS: D1Migration[];
      TEST_DAY_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof MainModule;
    }
  }
}
