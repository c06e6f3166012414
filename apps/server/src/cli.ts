// `npm run erp -- <command>` (scripts/erp.mjs): the admin CLI; the commands are in cli-commands.ts.
import { runCli } from './cli-commands.ts';

process.exitCode = await runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) });
