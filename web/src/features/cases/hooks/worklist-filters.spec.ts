import { describe, expect, it } from '@jest/globals';
import { CASES_API } from '@rayworks/contracts';
import {
  activeFilterCount,
  DEFAULT_WORKLIST_FILTERS,
  endOfDayInstant,
  filtersFromParams,
  filtersToParams,
  startOfDayInstant,
  toCaseListBody,
  toStatisticsBody,
  withFilters,
  type WorklistFilters,
} from './worklist-filters';

const CENTRE = '0190d1a2-3b4c-7d5e-8f60-718293a4b5c6';
const RAD = '0190d1a2-3b4c-7d5e-8f60-000000000001';
const parse = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('the worklist filters in the URL', () => {
  it('reads the plain /cases as the defaults', () => {
    expect(parse('')).toEqual(DEFAULT_WORKLIST_FILTERS);
    expect(filtersToParams(DEFAULT_WORKLIST_FILTERS).toString()).toBe('');
  });

  it('reads every filter, and writes it back the same', () => {
    const query =
      'tab=IN+PROGRESS&from=2026-03-01&to=2026-03-31&mod=CT&centre=' +
      CENTRE +
      '&rad=' +
      RAD +
      '&prio=STAT&legend=Emergency&legend=MLC&q=doe&sort=dueAt&dir=asc&page=3&size=100';
    const filters = parse(query);
    expect(filters).toEqual({
      tab: 'IN PROGRESS',
      from: '2026-03-01',
      to: '2026-03-31',
      modality: 'CT',
      centreId: CENTRE,
      radiologistId: RAD,
      priority: 'STAT',
      legends: ['Emergency', 'MLC'],
      search: 'doe',
      sortBy: 'dueAt',
      sortDir: 'asc',
      page: 3,
      pageSize: 100,
    });
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
  });

  it('drops what is unknown or malformed instead of failing', () => {
    const filters = parse(
      'tab=DONE&from=2026-02-30&to=yesterday&mod=C%20T&centre=abc&rad=1&prio=URGENT&legend=VIP&sort=name&dir=up&page=-2&size=7',
    );
    expect(filters).toEqual(DEFAULT_WORKLIST_FILTERS);
  });

  it('upper-cases the modality and swaps a reversed date range', () => {
    const filters = parse('mod=mr&from=2026-05-10&to=2026-05-01');
    expect(filters.modality).toBe('MR');
    expect([filters.from, filters.to]).toEqual(['2026-05-01', '2026-05-10']);
  });

  it('keeps other parameters of the address bar', () => {
    const params = filtersToParams({ ...DEFAULT_WORKLIST_FILTERS, tab: 'NEW' }, new URLSearchParams('x=1&tab=ALL'));
    expect(params.get('x')).toBe('1');
    expect(params.get('tab')).toBe('NEW');
  });

  it('goes back to page 1 when a filter changes, not when only the page does', () => {
    const on3: WorklistFilters = { ...DEFAULT_WORKLIST_FILTERS, page: 3 };
    expect(withFilters(on3, { modality: 'CT' }).page).toBe(1);
    expect(withFilters(on3, { page: 4 }).page).toBe(4);
  });

  it('counts the filters besides the tab and the text', () => {
    expect(activeFilterCount(DEFAULT_WORKLIST_FILTERS)).toBe(0);
    expect(activeFilterCount(parse(`from=2026-01-01&to=2026-01-02&mod=CT&legend=MLC&centre=${CENTRE}`))).toBe(4);
  });
});

describe('the worklist filters as the contract takes them', () => {
  it('is a valid /cases/get body, the "to" day inclusive', () => {
    const filters = parse(`tab=NEW&from=2026-03-01&to=2026-03-02&q=%20doe%20&legend=MLC&centre=${CENTRE}`);
    const body = toCaseListBody(filters);
    const parsed = CASES_API.getCases.body.parse(body);
    expect(parsed.status).toBe('NEW');
    expect(parsed.search).toBe('doe');
    expect(parsed.legends).toEqual(['MLC']);
    expect(parsed.receivedFrom).toBe(startOfDayInstant('2026-03-01'));
    expect(parsed.receivedTo).toBe(endOfDayInstant('2026-03-02'));
    expect(new Date(parsed.receivedTo!).getTime() - new Date(parsed.receivedFrom!).getTime()).toBeGreaterThanOrEqual(
      47 * 3600_000,
    );
  });

  it('the defaults make the contract defaults', () => {
    expect(CASES_API.getCases.body.parse(toCaseListBody(DEFAULT_WORKLIST_FILTERS))).toEqual({
      status: 'ALL',
      sortBy: 'receivedAt',
      sortDir: 'desc',
      page: 1,
      pageSize: 50,
    });
  });

  it('counts the tabs over the centre and radiologist filters only', () => {
    const body = toStatisticsBody(parse(`centre=${CENTRE}&mod=CT&rad=${RAD}`));
    expect(body).toEqual({ centreId: CENTRE, radiologistId: RAD });
    expect(() => CASES_API.getWorklistStatistics.body.parse(body)).not.toThrow();
  });
});
