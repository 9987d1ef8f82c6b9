// Operator CLI: `npm run admin -- create --email E --password P --role admin|superadmin|user`
//               `npm run admin -- outbox [--email E]`
// Uses the same DATA_DIR / DATABASE_URL as the server (PGlite refuses while a server holds the data dir).
import { parseArgs } from 'node:util';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/open.ts';
import { createUser, readOutbox } from './modules/account/tasks.ts';
import type { Role } from './platform/auth/access-token.ts';

const usage = `Usage:
  npm run admin -- create --email E --password P [--role user|admin|superadmin]
  npm run admin -- outbox [--email E]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'user' } },
});

const command = positionals[0];
if (command !== 'create' && command !== 'outbox') {
  console.error(usage);
  process.exit(2);
}
const role = values.role as Role;
if (command === 'create' && (!values.email || !values.password || !['user', 'admin', 'superadmin'].includes(role))) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig(process.env);
let database;
try {
  database = await openDatabase(config);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
try {
  if (command === 'create') {
    const user = await createUser(database.db, { email: values.email!, password: values.password!, role, now: config.now() });
    console.log(`User ${user.id} ${user.email} has role ${user.role}`);
  } else {
    const mails = await readOutbox(database.db, values.email);
    if (mails.length === 0) console.log('The outbox is empty.');
    for (const mail of mails.reverse()) {
      console.log(`--- ${mail.createdAt.toISOString()} to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    }
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
