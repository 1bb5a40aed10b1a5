// SMTP catcher of the local infrastructure (docs/decisions/0004-smtp-catcher.md).
// A real SMTP server (smtp-server) that accepts every message, parses it (mailparser)
// and keeps it: in memory and as JSON lines in <LOCAL_DIR>/smtp/messages.jsonl, so a
// restart keeps them. A small HTTP API lets tests read them back:
//   GET    /messages              all messages, oldest first
//   GET    /messages?to=<address> only those delivered to that address (case-insensitive)
//   GET    /messages/<id>         one message
//   DELETE /messages              forget every message
//   GET    /health                200
// A message: { id, from, to: [envelope recipients], cc, subject, text, html, date,
//              receivedAt, messageId, attachments: [{ filename, contentType, size }] }
//
//   SMTP_URL=smtp://127.0.0.1:1025 SMTP_CATCHER_URL=http://127.0.0.1:1080 node deploy/local/smtp-catcher.mjs
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const localDir = process.env.LOCAL_DIR ?? join(root, '.local');
const storeFile = process.env.SMTP_CATCHER_STORE ?? join(localDir, 'smtp', 'messages.jsonl');
const smtpUrl = new URL(process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025');
const apiUrl = new URL(process.env.SMTP_CATCHER_URL ?? 'http://127.0.0.1:1080');
const MAX_MESSAGE_BYTES = 50 * 1024 * 1024;

const log = (message) => console.log(`${new Date().toISOString()} ${message}`);

// --- store ---------------------------------------------------------------------
mkdirSync(dirname(storeFile), { recursive: true });
/** @type {Array<Record<string, unknown>>} */
const messages = [];
if (existsSync(storeFile)) {
  for (const line of readFileSync(storeFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      messages.push(JSON.parse(line));
    } catch {
      log(`skipping an unreadable line of ${storeFile}`);
    }
  }
}

function keep(message) {
  messages.push(message);
  appendFileSync(storeFile, `${JSON.stringify(message)}\n`);
}

function clear() {
  messages.length = 0;
  writeFileSync(storeFile, '');
}

// --- SMTP --------------------------------------------------------------------------
/** addresses of a mailparser AddressObject (or an array of them), groups flattened */
function addresses(field) {
  const out = [];
  const visit = (entries) => {
    for (const entry of entries ?? []) {
      if (entry.address) out.push(entry.address);
      if (entry.group) visit(entry.group);
    }
  };
  for (const object of Array.isArray(field) ? field : field ? [field] : []) visit(object.value);
  return out;
}

function unique(list) {
  const seen = new Set();
  return list.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const smtp = new SMTPServer({
  name: 'rayworks-smtp-catcher',
  banner: 'Rayworks SMTP catcher',
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  allowInsecureAuth: true,
  // any credentials are accepted: services configured with a user and password still work
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username ?? 'anonymous' });
  },
  size: MAX_MESSAGE_BYTES,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        if (stream.sizeExceeded) {
          const error = new Error(`message exceeds ${MAX_MESSAGE_BYTES} bytes`);
          error.responseCode = 552;
          throw error;
        }
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const message = {
          id: randomUUID(),
          from: addresses(parsed.from)[0] ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
          to: unique(envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to)),
          cc: addresses(parsed.cc),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          date: (parsed.date ?? new Date()).toISOString(),
          receivedAt: new Date().toISOString(),
          messageId: parsed.messageId ?? null,
          attachments: (parsed.attachments ?? []).map((a) => ({
            filename: a.filename ?? null,
            contentType: a.contentType,
            size: a.size,
          })),
        };
        keep(message);
        log(`message ${message.id} from ${message.from} to ${message.to.join(', ')}: ${message.subject}`);
        callback(null, `queued as ${message.id}`);
      })
      .catch((error) => {
        log(`could not take a message: ${error.message}`);
        callback(error);
      });
  },
});
smtp.on('error', (error) => log(`smtp: ${error.message}`));

// --- HTTP API ---------------------------------------------------------------------
function send(res, status, body) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  });
  res.end(payload);
}

const api = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://catcher');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (req.method === 'GET' && path === '/health') return send(res, 200, { status: 'ok', messages: messages.length });
  if (path === '/messages') {
    if (req.method === 'GET') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      const list = to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages;
      return send(res, 200, list);
    }
    if (req.method === 'DELETE') {
      const count = messages.length;
      clear();
      log(`cleared ${count} messages`);
      return send(res, 200, { deleted: count });
    }
    return send(res, 405, { error: 'method not allowed' });
  }
  const one = /^\/messages\/([^/]+)$/.exec(path);
  if (one && req.method === 'GET') {
    const message = messages.find((m) => m.id === one[1]);
    return message ? send(res, 200, message) : send(res, 404, { error: 'no such message' });
  }
  return send(res, 404, { error: 'not found' });
});

// --- start / stop -------------------------------------------------------------------
function fail(what) {
  return (error) => {
    log(`${what}: ${error.message}`);
    process.exit(1);
  };
}
api.on('error', fail(`HTTP API on ${apiUrl.host}`));
smtp.server.on('error', fail(`SMTP on ${smtpUrl.host}`));

const smtpPort = Number(smtpUrl.port || 25);
const apiPort = Number(apiUrl.port || 80);
smtp.listen(smtpPort, smtpUrl.hostname, () => {
  api.listen(apiPort, apiUrl.hostname, () => {
    log(
      `SMTP on ${smtpUrl.hostname}:${smtpPort}, API on http://${apiUrl.hostname}:${apiPort}, ${messages.length} messages kept in ${storeFile}`,
    );
  });
});

function stop(signal) {
  log(`${signal}: stopping`);
  api.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
