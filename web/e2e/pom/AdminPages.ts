import type { Page } from 'playwright-core';
import { url } from '../support/browser';

/** Fills an input found by its data-testid. */
async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).fill(value);
}

/** Picks an option of a (searchable) select by typing and choosing the option whose text contains `label`. */
export async function choose(page: Page, testId: string, search: string, label = search): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(search);
  await page
    .getByRole('option', { name: new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') })
    .first()
    .click({ timeout: 10_000 });
}

/** /add-centers-individual */
export class AddCenterPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(url('/add-centers-individual'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('center-form').waitFor();
  }

  async create(values: {
    name: string;
    code: string;
    email?: string;
    phoneNumber?: string;
    city?: string;
    state?: string;
    pinCode?: string;
  }): Promise<string> {
    await fill(this.page, 'field-name', values.name);
    await fill(this.page, 'field-code', values.code);
    if (values.email) await fill(this.page, 'field-email', values.email);
    if (values.phoneNumber) await fill(this.page, 'field-phoneNumber', values.phoneNumber);
    if (values.city) await fill(this.page, 'field-city', values.city);
    if (values.state) await fill(this.page, 'field-state', values.state);
    if (values.pinCode) await fill(this.page, 'field-pinCode', values.pinCode);
    await this.page.getByTestId('center-form-submit').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/centers/view/'), { timeout: 15_000 });
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }
}

/** /users/add */
export class AddUserPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(url('/users/add'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('user-form').waitFor();
  }

  async create(values: {
    loginName: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber?: string;
    role: string;
    centre?: string;
  }): Promise<string> {
    await fill(this.page, 'field-loginName', values.loginName);
    await fill(this.page, 'field-email', values.email);
    await fill(this.page, 'field-firstName', values.firstName);
    await fill(this.page, 'field-lastName', values.lastName);
    if (values.phoneNumber) await fill(this.page, 'field-phoneNumber', values.phoneNumber);
    await choose(this.page, 'field-roleID', values.role);
    if (values.centre) await choose(this.page, 'field-centerID', values.centre);
    await this.page.getByTestId('user-form-submit').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/users/view/'), { timeout: 15_000 });
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }
}

/** A server-side list (ServerTable) by its id: search and read rows. */
export class ListPage {
  constructor(
    private readonly page: Page,
    private readonly id: string,
  ) {}

  async open(path: string): Promise<void> {
    await this.page.goto(url(path), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId(`list-${this.id}-table`).waitFor();
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId(`list-${this.id}-search`).fill(text);
    // The table says which search its rows answer (data-search, from the same render as the rows) and whether a
    // fetch is under way: the address bar alone changes before the table re-renders.
    await this.page.waitForFunction(
      ([id, q]) => {
        const table = document.querySelector(`[data-testid="list-${id}-table"]`);
        return table?.getAttribute('data-search') === q && !table.hasAttribute('data-fetching');
      },
      [this.id, text] as const,
      { timeout: 10_000 },
    );
  }

  async rowTexts(): Promise<string[]> {
    return this.page.getByTestId(`list-${this.id}-row`).allTextContents();
  }
}

/** /companies/add: the platform operator's new company with its first administrator. */
export class AddCompanyPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(url('/companies/add'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('company-form').waitFor();
  }

  async create(values: {
    name: string;
    code: string;
    adminLoginName: string;
    adminFirstName: string;
    adminLastName: string;
    adminEmail: string;
  }): Promise<void> {
    for (const [field, value] of Object.entries(values)) await fill(this.page, `field-${field}`, value);
    await this.page.getByTestId('company-form-submit').click();
    await this.page.waitForURL((u) => u.pathname === '/companies', { timeout: 15_000 });
  }
}
