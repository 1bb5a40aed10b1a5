import { BadRequestException, Body, Query, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { Endpoint } from '@rayworks/contracts';
import { controlCharacterProblem } from '@rayworks/validation';

/** The first problem of a failed parse, as one message: `<field>: <problem>` (or the problem alone at the root). */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Please give valid inputs';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Refuses control characters in any text of the body, then validates (and normalises: defaults, trims) a request body with a zod schema; 400 with the first message otherwise. */
export class ZodBodyPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.output<TSchema>> {
  constructor(private readonly schema: TSchema) {}

  transform(value: unknown): z.output<TSchema> {
    // Before the schema, for every field of every body: no text carries a control character (libs/validation).
    const control = controlCharacterProblem(value);
    if (control !== null) throw new BadRequestException(control);
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) throw new BadRequestException(firstIssueMessage(parsed.error));
    return parsed.data;
  }
}

/**
 * The body of a contract endpoint, validated with the endpoint's own schema (libs/contracts is the single source).
 * A GET has no body: its contract's `body` is its query string (every value a string, so numbers in it are
 * `z.coerce`d), read from `req.query` and validated the same way (libs/api-client sends it so).
 */
export const ContractBody = (endpoint: Pick<Endpoint, 'body' | 'method'>) =>
  endpoint.method === 'GET' ? Query(new ZodBodyPipe(endpoint.body)) : Body(new ZodBodyPipe(endpoint.body));
