import type { ServerConfig } from './config.ts';
import type { Db } from './db/open.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every route handler needs; built once per app. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  mailer: Mailer;
}
