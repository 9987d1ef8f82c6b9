import { defineModule } from '../../platform/http/module.ts';
import { codeHandlers } from './code-handlers.ts';
import { profileHandlers } from './profile-handlers.ts';
import { sessionHandlers } from './session-handlers.ts';
import { settingsHandlers } from './settings-handlers.ts';

/** Sign-in, registration, codes, profile and settings of the signed-in customer (tag Account). */
export const accountModule = defineModule({
  name: 'account',
  handlers: (ctx) => ({ ...sessionHandlers(ctx), ...codeHandlers(ctx), ...profileHandlers(ctx), ...settingsHandlers(ctx) }),
});
