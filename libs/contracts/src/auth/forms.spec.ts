import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AUTH_API } from './endpoints.js';
import { CENTER_FIELDS, describeRules, GROUP_FIELDS } from './forms.js';

describe('form body schemas', () => {
  it('describe each form field by its rules in words', () => {
    expect(describeRules(GROUP_FIELDS.code)).toBe(
      'Group Code: required; 2 to 20 characters; alphanumeric (spec §5 form rules)',
    );
    expect(describeRules(CENTER_FIELDS.pinCode)).toBe(
      'PIN Code: optional; a 6-digit PIN code starting 1-9 (spec §5 form rules)',
    );
  });

  it('document the structural schema, with the rules, in JSON Schema (the OpenAPI body)', () => {
    const json = z.toJSONSchema(AUTH_API.createGroup.body, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { description?: string }>;
      required: string[];
    };
    expect(json.properties.code?.description).toBe(describeRules(GROUP_FIELDS.code));
    expect(json.required).toEqual(['name', 'code']);
  });

  it('normalise what passes: trimmed text, empty optional text as null', () => {
    expect(AUTH_API.createGroup.body.parse({ name: ' Metro ', code: 'MS01', city: '  ' })).toEqual({
      name: 'Metro',
      code: 'MS01',
      isFusion: false,
      city: null,
    });
  });
});
