// The ceiling: a bare Fastify route returning a fixed JSON, on this machine, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: 200, message: 'OK' };
app.get('/fixed', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
