// The site's app alone on a lab's database (DATA_DIR, DATABASE_URL), in a process of its own, for the exports'
// memory (decision 107). measure.ts starts it with production's V8 flags and allocator setting, and without the
// jobs main.ts runs beside the app: a purge on start would change the lab, and a back-up would share the process
// while it is measured. Writes its port on a line of its own once it listens.
import { openDatabase } from '../../../server/db';
import { benchConfig, listenApp } from './benchApp';

const config = benchConfig(process.env);
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const { server, port } = await listenApp(config, db);
process.stdout.write(`${port}\n`);
process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
