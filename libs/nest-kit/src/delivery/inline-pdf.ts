import type { ServerResponse } from 'node:http';

/**
 * Answers a stored PDF for the browser to show (a delivery's public link): inline, never cached, its type not to be
 * sniffed. No object-store URL leaves the service.
 */
export function sendInlinePdf(res: ServerResponse, pdf: Buffer, fileName: string): void {
  res.writeHead(200, {
    'Content-Type': 'application/pdf',
    'Content-Length': pdf.length,
    'Content-Disposition': `inline; filename="${fileName}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(pdf);
}
