import type { BillableTest, TestPackage } from '@rayworks/contracts';

/** What the desk and the price screens order or price: a test or a package of the company's catalogue, by code. */
export interface CatalogueItem {
  kind: 'TEST' | 'PACKAGE';
  code: string;
  name: string;
}

/** A select's value for an item: its kind and code ('TEST:CT-HEAD'); codes are letters, digits, '-' and '_'. */
export const itemValue = (item: Pick<CatalogueItem, 'kind' | 'code'>): string => `${item.kind}:${item.code}`;

/** How an option reads: 'CT-HEAD · CT Head Plain'. */
export const itemLabel = (item: Pick<CatalogueItem, 'code' | 'name'>): string => `${item.code} · ${item.name}`;

export const testItem = (t: Pick<BillableTest, 'code' | 'name'>): CatalogueItem => ({
  kind: 'TEST',
  code: t.code,
  name: t.name,
});
export const packageItem = (p: Pick<TestPackage, 'code' | 'name'>): CatalogueItem => ({
  kind: 'PACKAGE',
  code: p.code,
  name: p.name,
});

/**
 * The options of a search over tests and packages, grouped, active ones only, without the items already chosen
 * (`taken`: their itemValue), tests first; the exact code typed comes first in its group so Enter picks it.
 */
export function catalogueOptions(
  tests: readonly Pick<BillableTest, 'code' | 'name' | 'isActive'>[],
  packages: readonly Pick<TestPackage, 'code' | 'name' | 'isActive'>[],
  search: string,
  taken: ReadonlySet<string> = new Set(),
): { group: string; items: { value: string; label: string }[] }[] {
  const typed = search.trim().toUpperCase();
  const options = (items: CatalogueItem[]) =>
    items
      .filter((i) => !taken.has(itemValue(i)))
      .sort((a, b) => Number(b.code === typed) - Number(a.code === typed))
      .map((i) => ({ value: itemValue(i), label: itemLabel(i) }));
  return [
    { group: 'Tests', items: options(tests.filter((t) => t.isActive).map(testItem)) },
    { group: 'Packages', items: options(packages.filter((p) => p.isActive).map(packageItem)) },
  ].filter((g) => g.items.length > 0);
}

/** The item a select's value names, from the rows the search found. */
export function itemOf(
  value: string,
  tests: readonly Pick<BillableTest, 'code' | 'name'>[],
  packages: readonly Pick<TestPackage, 'code' | 'name'>[],
): CatalogueItem | null {
  const [kind, code] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  if (kind === 'TEST') {
    const t = tests.find((x) => x.code === code);
    return t ? testItem(t) : null;
  }
  if (kind === 'PACKAGE') {
    const p = packages.find((x) => x.code === code);
    return p ? packageItem(p) : null;
  }
  return null;
}

/**
 * What Enter takes from the search box (keyboard first: a code typed and Enter, even before the options show): the
 * item whose code is exactly what was typed, else the one option offered; null when that is not one item.
 */
export function enterPick(
  search: string,
  tests: readonly Pick<BillableTest, 'code' | 'name' | 'isActive'>[],
  packages: readonly Pick<TestPackage, 'code' | 'name' | 'isActive'>[],
  taken: ReadonlySet<string> = new Set(),
): CatalogueItem | null {
  const typed = search.trim().toUpperCase();
  if (typed === '') return null;
  const offered = [
    ...tests.filter((t) => t.isActive).map(testItem),
    ...packages.filter((p) => p.isActive).map(packageItem),
  ].filter((i) => !taken.has(itemValue(i)));
  return offered.find((i) => i.code === typed) ?? (offered.length === 1 ? offered[0]! : null);
}
