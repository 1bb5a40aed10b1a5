import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, request, type Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_IDLE_SOCKET_MS, serviceAgent } from './service-proxy.js';

/** One GET through the agent; resolves when the answer has been read (its socket then goes back to the pool). */
const get = (agent: Agent, port: number) =>
  new Promise<void>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });
const free = (agent: Agent) => Object.values(agent.freeSockets).flat().length;

describe("the gateway's connections to the services", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('drops an idle kept-alive socket before a service with Node’s keep-alive timeout would close it', async () => {
    server = createServer((_req, res) => res.end('ok'));
    expect(SERVICE_IDLE_SOCKET_MS).toBeLessThan(server.keepAliveTimeout);
    const agent = serviceAgent();
    // Node keeps an agent's settings on `options` (not in its type declarations)
    expect((agent as Agent & { options: object }).options).toMatchObject({
      keepAlive: true,
      timeout: SERVICE_IDLE_SOCKET_MS,
    });
    agent.destroy();
  });

  it("an agent with the gateway's settings closes a free socket once its idle timeout passes (the mechanism)", async () => {
    // the same kind of agent with a short timeout, against a server that keeps sockets far longer
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, timeout: 50 });
    server = createServer((_req, res) => res.end('ok'));
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    await get(agent, port);
    expect(free(agent)).toBe(1); // kept alive for the next request
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(free(agent)).toBe(0); // dropped by the gateway side, not by the server
    await get(agent, port); // and a new connection serves the next request
    agent.destroy();
    server.closeAllConnections();
  });
});
