import type { Page } from 'playwright-core';
import { url } from '../support/browser';
import { choose } from './AdminPages';

/** /reportTemplates: the list, the add/edit modal (TipTap body, fields and phrases) and the macros tab. */
export class ReportTemplatesPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(url('/reportTemplates'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('templates-add').waitFor();
  }

  row(name: string) {
    return this.page.getByTestId(`template-row-${name}`);
  }

  /** Adds a centre's template with one field and its phrases, the field's placeholder typed into the body. */
  async addTemplate(values: {
    name: string;
    centre: string;
    modality: string;
    bodyPart: string;
    bodyText: string;
    field: { label: string; key: string; phrases: { label: string; text: string; kind: 'normal' | 'abnormal' }[] };
  }): Promise<void> {
    const p = this.page;
    await p.getByTestId('templates-add').click();
    await p.getByTestId('template-name').fill(values.name);
    await choose(p, 'template-centre', values.centre);
    await p.getByTestId('template-modality').fill(values.modality);
    await p.getByTestId('template-body-part').fill(values.bodyPart);

    await p.getByTestId('template-tab-fields').click();
    await p.getByTestId('template-field-add').click();
    await p.getByTestId('template-field-label-0').fill(values.field.label);
    await p.getByTestId('template-field-key-0').fill(values.field.key);
    for (const [k, phrase] of values.field.phrases.entries()) {
      await p.getByTestId('template-phrase-add-0').click();
      await p.getByTestId(`template-phrase-label-0-${k}`).fill(phrase.label);
      await p.getByTestId(`template-phrase-text-0-${k}`).fill(phrase.text);
      if (phrase.kind === 'abnormal') {
        await p.getByTestId(`template-phrase-kind-0-${k}`).click();
        await p.getByRole('option', { name: 'Abnormal' }).click();
      }
    }

    await p.getByTestId('template-tab-body').click();
    const editor = p.locator('[data-testid="template-html"] .ProseMirror');
    await editor.click();
    await p.keyboard.type(values.bodyText);
    await p.getByTestId('template-insert-field').click();
    await p.getByTestId(`template-insert-field-${values.field.key}`).click();
    await p.getByTestId('template-save').click();
  }

  async toggleActive(name: string): Promise<void> {
    await this.row(name).getByRole('switch').click({ force: true });
    await this.page.getByTestId(`template-active-${name}-confirm`).click();
  }
}

/** /custom-template: a centre's report layout and its live preview. */
export class ReportLayoutPage {
  constructor(private readonly page: Page) {}

  async open(centre: string): Promise<void> {
    await this.page.goto(url('/custom-template'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('layout-choose-centre').waitFor();
    await choose(this.page, 'layout-centre', centre);
    await this.page.getByTestId('layout-preview').waitFor();
  }

  async setNumber(testId: string, value: number): Promise<void> {
    const input = this.page.getByTestId(testId);
    await input.fill(String(value));
    await input.blur();
  }

  /** The rendered height (px, unscaled) of a part of the preview page. */
  async previewHeight(testId: string): Promise<number> {
    return this.page.getByTestId(testId).evaluate((el) => parseFloat((el as HTMLElement).style.height));
  }

  async bodyBudgetText(): Promise<string> {
    return (await this.page.getByTestId('preview-body-budget').textContent()) ?? '';
  }
}
