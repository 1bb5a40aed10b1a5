import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, type Credentials } from '@rayworks/api-client';
import { IMAGING_API } from '@rayworks/contracts';
import { everyRoleTenant, type EveryRoleTenant } from '@rayworks/testing';
import { base, loginAs } from './dicomweb-support.js';

/**
 * Issue 20, item 14 (imaging): the string filters of imaging's lists refuse text PostgreSQL cannot hold — a lone
 * UTF-16 surrogate, which no UTF-8 text has — with a 400 naming the field, instead of a server error ("invalid input
 * syntax for type json"); a well-formed filter with characters outside the BMP still answers.
 */
const client = new ApiClient({ baseUrl: base });
const FILTERS = ['patientName', 'patientId', 'accessionNumber', 'modality'] as const;

describe('the archive list refuses a lone surrogate in a filter', () => {
  let t: EveryRoleTenant;
  let admin: Credentials;

  beforeAll(async () => {
    t = await everyRoleTenant('lists');
    admin = credentialsOf(await loginAs(t, 'admin'));
  }, 60_000);

  it.each(FILTERS)('%s with a lone surrogate: 400 naming the field', async (field) => {
    const res = await client.reply(
      IMAGING_API.getStudies,
      { page: 1, pageSize: 10, [field]: `A\ud800B` },
      { session: admin },
    );
    expect({ field, status: res.status }).toEqual({ field, status: 400 });
    expect(res.body.message).toContain(field);
  });

  it.each(FILTERS)('%s with a character outside the BMP: answered (no match)', async (field) => {
    const res = await client.reply(
      IMAGING_API.getStudies,
      { page: 1, pageSize: 10, [field]: 'A\u{1F600}' },
      { session: admin },
    );
    expect({ field, status: res.status }).toEqual({ field, status: 200 });
  });
});
