// The ceiling: a bare Fastify server answering a small JSON object, measured with the same load
// settings as the API. Prints its address on the first line of stdout.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok', name: 'Torget', items: [1, 2, 3] }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(address);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
