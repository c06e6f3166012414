/*
 * The fake FBR on its own, for the demo:
 *   node --import tsx apps/server/src/modules/fbr/fake-fbr/fake-fbr-main.ts
 * It listens on 127.0.0.1:$FAKE_FBR_PORT (3990 by default) and accepts any bearer token.
 */
import { startFakeFbr } from './fake-fbr-server.ts';

const portText = process.env.FAKE_FBR_PORT?.trim() || '3990';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`FAKE_FBR_PORT must be a port number, not ${portText}`);
  process.exit(1);
}

const fake = await startFakeFbr({ port });
console.log(`Fake FBR listening on ${fake.url}`);

const stop = (signal: NodeJS.Signals) => {
  console.log(`Fake FBR closing (${signal})`);
  void fake.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
