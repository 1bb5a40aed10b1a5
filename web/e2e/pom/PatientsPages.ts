import type { Page } from 'playwright-core';
import { url } from '../support/browser';
import { choose } from './AdminPages';
import { fillDay } from './DayInput';

export interface NewPatient {
  patientName: string;
  gender: 'Male' | 'Female' | 'Other';
  dateOfBirth?: string;
  ageYears?: string;
  phoneNumber: string;
}

/** /patients/list and its Add Patient dialog. */
export class PatientsListPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(url('/patients/list'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('list-patients').waitFor();
    await this.settled();
  }

  /** Waits until the list shows the answer to `search` (the search it holds, no fetch running). */
  async settled(search = ''): Promise<void> {
    await this.page
      .locator(`[data-testid="list-patients-table"][data-search="${search}"]:not([data-fetching])`)
      .waitFor({ timeout: 30_000 });
  }

  /** Types into the search box as the desk does, key by key, then waits for the list to answer the whole text. */
  async search(text: string): Promise<void> {
    const box = this.page.getByTestId('list-patients-search');
    await box.fill('');
    await box.pressSequentially(text, { delay: 40 });
    await this.page.waitForURL((u) => (u.searchParams.get('q') ?? '') === text.trim(), { timeout: 10_000 });
    await this.settled(text.trim());
  }

  rows() {
    return this.page.getByTestId('list-patients-row');
  }

  async emptyText(): Promise<string> {
    return ((await this.page.getByTestId('list-patients-empty').textContent()) ?? '').trim();
  }

  async openAdd(): Promise<void> {
    await this.page.getByTestId('patients-add').click();
    await this.page.getByTestId('patient-form').waitFor();
  }

  async fill(values: NewPatient): Promise<void> {
    await this.page.getByTestId('field-patientName').fill(values.patientName);
    await choose(this.page, 'field-gender', values.gender);
    if (values.dateOfBirth) await fillDay(this.page.getByTestId('field-dateOfBirth'), values.dateOfBirth);
    if (values.ageYears) await this.page.getByTestId('field-ageYears').fill(values.ageYears);
    await this.page.getByTestId('field-phoneNumber').fill(values.phoneNumber);
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('patient-form-submit').click();
  }
}

/** /patients/list/patientDetails/{id}/billingID/{billingId} */
export class PatientDetailsPage {
  constructor(private readonly page: Page) {}

  async waitFor(name: string): Promise<string> {
    await this.page.waitForURL((u) => u.pathname.startsWith('/patients/list/patientDetails/'), { timeout: 15_000 });
    await this.page.getByTestId('page-title').filter({ hasText: name }).waitFor({ timeout: 15_000 });
    return this.detail('mrID');
  }

  async detail(field: string): Promise<string> {
    return ((await this.page.getByTestId(`patient-detail-${field}`).textContent()) ?? '').trim();
  }
}
