import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuditClient } from '@rayworks/nest-kit';

/** The parts of the HTTP request the audit entry names. */
interface RequestLike {
  ip?: string;
  socket?: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/** Who is calling from where (the gateway's X-Forwarded-For, as the kit trusts it), for exports and reads. */
export function clientInfoOf(req: RequestLike): AuditClient {
  const agent = req.headers['user-agent'];
  return {
    address: req.ip ?? req.socket?.remoteAddress ?? 'unknown',
    userAgent: agent ? String(agent).slice(0, 400) : null,
  };
}

export const Client = createParamDecorator((_: unknown, ctx: ExecutionContext): AuditClient =>
  clientInfoOf(ctx.switchToHttp().getRequest<RequestLike>()),
);
