import type { Page } from 'playwright-core';

/** /outsourcing-lab: outsourcing labs and the manifests of samples sent to them (docs/decisions/0312). */
export class OutsourcingPage {
  constructor(private readonly page: Page) {}

  private field(testId: string) {
    return this.page.getByTestId(testId);
  }

  /** Adds a lab with the catalogue tests it performs (each chosen from the searchable list). */
  async addLab(lab: { name: string; code: string; contactPerson: string; phone: string; tests: string[] }) {
    await this.field('tab-labs').click();
    await this.field('lab-add').click();
    await this.field('lab-name').fill(lab.name);
    await this.field('lab-code').fill(lab.code);
    await this.field('lab-contactPerson').fill(lab.contactPerson);
    await this.field('lab-phone').fill(lab.phone);
    for (const code of lab.tests) {
      await this.field('lab-add-test').fill(code);
      await this.page.getByRole('option', { name: new RegExp(`^${code} — `) }).click();
      await this.field(`lab-test-${code}`).waitFor();
    }
    await this.field('lab-save').click();
  }

  /** New Manifest: the lab, then the samples by barcode; the drawer of the manifest made opens. */
  async newManifest(labName: string, barcodes: string[]) {
    await this.field('tab-manifests').click();
    await this.field('manifest-add').click();
    await this.field('manifest-lab').click();
    await this.page.getByRole('option', { name: new RegExp(`^${labName}`) }).click();
    for (const barcode of barcodes) await this.field(`candidate-${barcode}`).check();
    await this.field('manifest-create').click();
    await this.field('manifest-drawer').getByTestId('manifest-samples').waitFor();
  }

  /** Print Manifest: the HTML page the print frame was given. */
  async printSheet(): Promise<string> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __sheets: string[] };
      w.__sheets = [];
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof HTMLIFrameElement && node.dataset.testid === 'manifest-print-frame')
              w.__sheets.push(node.srcdoc);
      }).observe(document.body, { childList: true });
    });
    await this.field('manifest-print').click();
    await this.page.waitForFunction(() => (window as unknown as { __sheets: string[] }).__sheets.length > 0);
    return this.page.evaluate(() => (window as unknown as { __sheets: string[] }).__sheets[0]!);
  }

  async dispatch(courier: string, trackingNote: string) {
    await this.field('manifest-courier').fill(courier);
    await this.field('manifest-tracking').fill(trackingNote);
    await this.field('manifest-dispatch').click();
  }

  /** Mark Received, confirmed. */
  async markReceived() {
    await this.field('manifest-receive').click();
    await this.field('manifest-receive').click();
  }

  /** Waits until the open manifest shows this status (read again after a move). */
  async waitForStatus(label: string): Promise<void> {
    await this.field('manifest-drawer').getByTestId('manifest-status').filter({ hasText: label }).waitFor();
  }
}
