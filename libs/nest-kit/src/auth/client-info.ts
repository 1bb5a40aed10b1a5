import type { Request } from 'express';

/**
 * Who is calling from where (a contract handler's `call.client`): for audit entries (reads, exports), auth's login
 * limits and its sessions table.
 */
export interface ClientInfo {
  /** The client's address (req.ip: the X-Forwarded-For the gateway set, when the peer is in TRUSTED_PROXIES). */
  address: string;
  userAgent: string | null;
}

export function clientInfoOf(req: Request): ClientInfo {
  const agent = req.headers['user-agent'];
  return {
    address: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: agent ? String(agent).slice(0, 400) : null,
  };
}
