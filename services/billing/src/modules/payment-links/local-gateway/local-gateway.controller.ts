import { Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@rayworks/nest-kit';
import { LOCAL_GATEWAY_ROUTES } from './local-checkout-page.js';
import { LocalGateway, type LocalGatewayAnswer } from './local-gateway.service.js';

/** What the handlers use of the answer (Express's response, written by the handler itself). */
interface PageResponse {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
  send(body: string): unknown;
}

/**
 * The local payment gateway's pages (docs/decisions/0282): not billing's API (no contract, not in billing's OpenAPI
 * document) but the pages of the provider the stack runs, under their own path. Public, as a provider's checkout is.
 */
@ApiExcludeController()
@Controller()
export class LocalGatewayController {
  constructor(@Inject(LocalGateway) private readonly gateway: LocalGateway) {}

  @Public()
  @Get(LOCAL_GATEWAY_ROUTES.checkout)
  page(@Param('token') token: string, @Res() res: PageResponse): void {
    send(this.gateway.page(token, new Date()), res);
  }

  @Public()
  @Post(LOCAL_GATEWAY_ROUTES.complete)
  complete(@Param('token') token: string, @Param('result') result: string, @Res() res: PageResponse): void {
    send(this.gateway.complete(token, result, new Date()), res);
  }
}

function send(answer: LocalGatewayAnswer, res: PageResponse): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(answer.status);
  if ('location' in answer) {
    res.setHeader('Location', answer.location);
    res.send('');
    return;
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.send(answer.html);
}
