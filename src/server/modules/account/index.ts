import { defineModule } from '../../platform/http/module.ts';
import { securityHandlers } from '../../platform/http/security.ts';
import { deleteHandlers } from './delete-handlers.ts';
import { codeHandlers } from './code-handlers.ts';
import { profileHandlers } from './profile-handlers.ts';
import { sessionHandlers } from './session-handlers.ts';
import { settingsHandlers } from './settings-handlers.ts';
import { activeRole } from './store.ts';

/**
 * Sign-in, registration, codes, profile, settings and deletion of the signed-in customer (tag Account). It also
 * provides the `bearerAuth` scheme: the account module owns `users`, whose state every token is checked against.
 */
export const accountModule = defineModule({
  name: 'account',
  handlers: (ctx) => ({ ...sessionHandlers(ctx), ...codeHandlers(ctx), ...profileHandlers(ctx), ...settingsHandlers(ctx), ...deleteHandlers(ctx) }),
  security: ({ config, db, userStates }) => securityHandlers(config, (userId) => userStates.get(userId, (id) => activeRole(db, id))),
});
