import { writeFileSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

export function buildOpenApiDocument(app: INestApplication, service: string): OpenAPIObject {
  const config = new DocumentBuilder().setTitle(`Rayworks ${service} API`).setVersion('0.1.0').addBearerAuth().build();
  return SwaggerModule.createDocument(app, config);
}

/** Serves the OpenAPI document at /docs (UI) and /docs-json. */
export function serveOpenApi(app: INestApplication, service: string): void {
  SwaggerModule.setup('docs', app, buildOpenApiDocument(app, service), { jsonDocumentUrl: 'docs-json' });
}

/** Writes the document as stable, pretty JSON (the committed services/<name>/openapi.json). */
export function writeOpenApi(app: INestApplication, service: string, path: string): void {
  writeFileSync(path, JSON.stringify(buildOpenApiDocument(app, service), null, 2) + '\n');
}
