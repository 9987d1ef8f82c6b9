import type { UserStateCache } from './auth/user-states.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/open.ts';
import type { Foreground } from './foreground.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every route handler needs; built once per app. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  mailer: Mailer;
  /** The users' states the bearer check trusts for a few seconds; whoever changes one calls `forget` after the commit. */
  userStates: UserStateCache;
  /** Counts the requests in flight, for background work that lets them go first (the in-process delivery loop). */
  foreground?: Foreground;
}
