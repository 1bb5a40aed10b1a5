import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where the console under test is served: the gateway, by default on this machine. */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

/** Screenshots land here (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

export interface LaunchOptions {
  /**
   * WebGL for the viewer (Cornerstone3D draws with it): rendered in software by SwiftShader through ANGLE, since a
   * headless machine has no GPU. Without it the browser runs with the GPU off, as the console needs none.
   */
  webgl?: boolean;
  /**
   * A fake microphone that plays Chromium's test tone, granted without a prompt (dictation, issue 25 item 5):
   * MediaRecorder records real audio from it.
   */
  fakeMicrophone?: boolean;
}

/** The Chromium flags that give getUserMedia a fake audio device and accept its prompt. */
export const FAKE_MICROPHONE_FLAGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** The Chromium flags that give headless WebGL through SwiftShader (issue 11). */
export const SWIFTSHADER_FLAGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];

/** Debian's Chromium, driven by playwright-core (no bundled browser download). */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      ...(options.webgl ? SWIFTSHADER_FLAGS : ['--disable-gpu']),
      ...(options.fakeMicrophone ? FAKE_MICROPHONE_FLAGS : []),
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** One Chromium per spec file: launched before its tests, closed after them. Call at the top of a describe. */
export function useBrowser(options: LaunchOptions = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(options);
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet: use it inside a test or hook');
    return browser;
  };
}

/**
 * Opens a screen as the console's own links do, without reloading the page: the router is told of the new address
 * (pushState, then the popstate it listens to). Resolves once the router has put something new in the page (the
 * screen, or its loader while its code arrives): a change of the page's elements, not of attributes. A screen already
 * open is left as it is.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    (to) =>
      new Promise<void>((resolve) => {
        if (window.location.pathname === to) return resolve();
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(document.getElementById('root')!, { childList: true, subtree: true });
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }),
    path,
  );
}

/** A full URL for a console path, e.g. url('/status'). */
export function url(path: string): string {
  return `${BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
}

export interface ContextOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
}

/**
 * A fresh browser context (its own storage: no test sees another's login) with one page. Page errors are
 * collected so a test can assert the console threw nothing.
 */
export async function openConsole(
  browser: Browser,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
  });
  if (options.colorScheme) {
    await context.addInitScript((scheme: string) => {
      if (!window.localStorage.getItem('rayworks-color-scheme'))
        window.localStorage.setItem('rayworks-color-scheme', scheme);
    }, options.colorScheme);
  }
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/** Saves a PNG as web/e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const safe = name.replace(/[^a-zA-Z0-9._-]+/g, '-');
  const path = `${SCREENSHOT_DIR}${safe}.png`;
  // Keep the pointer away from tooltips and menus.
  await page.mouse.move(0, 0).catch(() => undefined);
  // A full-page capture from the top, so the fixed top bar is drawn where it belongs.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/** A name no other run uses, for records a test creates (e2e-<label>-<time><random>). */
export function uniqueName(label: string): string {
  return `e2e${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
