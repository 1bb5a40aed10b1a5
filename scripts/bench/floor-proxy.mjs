// The floor of a proxy hop on this machine (issue 24's "the gateway adds ≤ 1 ms at p50"; not a test): the least a
// Node process can do to forward a request — Node's own HTTP server, one keep-alive agent, the service's prefix cut,
// the answer piped back; no headers of its own, no log, no metrics, no error handling. bench:worklist's `hop` section
// sends the same requests through it, through the gateway and straight to the service, so what the gateway adds is
// seen beside what any Node hop costs here (docs/decisions/0372-the-gateway-hop-and-its-floor.md).
//   node scripts/bench/floor-proxy.mjs <port> <prefix> <upstream port>
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** Starts the floor proxy as a process of its own (so its CPU is read apart); resolves once it listens. */
export function startFloorProxy({ port, prefix, upstreamPort }) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port), prefix, String(upstreamPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor proxy exited (${code})`)));
    child.stdout.once('data', () =>
      resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') }),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, prefix, upstreamPort] = process.argv.slice(2);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  http
    .createServer((req, res) => {
      const path = req.url.startsWith(prefix) ? req.url.slice(prefix.length) || '/' : req.url;
      const upstream = http.request(
        { host: '127.0.0.1', port: Number(upstreamPort), method: req.method, path, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    })
    .listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
}
