// Opens the HTML report in a real headless Chromium (Debian's package, driven by playwright-core) and uses
// it as a reader would: it must render without console errors or network requests, run none of the hostile
// markup a server sent, filter by area, result and text, be reachable by keyboard, and carry its data as
// JSON that parses back to the report. At a desktop and a phone width (390 px) it must not scroll sideways,
// keep its sticky bar within a tenth of the screen and its height bounded (a 592-check run too), show
// failures first with the failing request as the reproduction, and keep passed checks collapsed with their
// evidence one click away. Screenshots land in reports/out/ for a person to look at.
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { writeFile } from 'node:fs/promises';
import { renderLoadHtml } from '../../reports/html/load-page.js';
import { writeReports } from '../../reports/index.js';
import type { CheckResult } from '../../results/model.js';
import { largeReport, uiSampleReport } from './ui-sample.js';
import { timeLimit } from '../support/pace.js';
import { chromium as chromiumPrerequisite, runsWith } from '../support/prerequisites.js';

const executablePath = process.env.MCS_CHROMIUM ?? '/usr/bin/chromium';
const outDir = fileURLToPath(new URL('../../reports/out/browser-test/', import.meta.url));
const report = uiSampleReport();
const widths = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

let browser: Browser;
let page: Page;
const problems: string[] = [];

async function visibleRows(scope: string): Promise<Array<{ area: string; result: string; text: string }>> {
  return page.$$eval(`[data-scope="${scope}"] [data-filter]`, (els) =>
    els.filter((el) => !(el as HTMLElement).hidden).map((el) => ({ area: el.getAttribute('data-areas') ?? '', result: el.getAttribute('data-result') ?? '', text: el.getAttribute('data-text') ?? '' })),
  );
}

async function resetFilters(): Promise<void> {
  await page.click('#f-reset');
}

// A browser on a busy 2-core machine is slow to start and to paint: time from its work, never asserted.
const browserWork = { nodeRuns: 4 };
describe.runIf(runsWith(chromiumPrerequisite(executablePath), 'the HTML report in headless Chromium'))('the HTML report in headless Chromium', { timeout: timeLimit(browserWork) }, () => {
  beforeAll(async () => {
    await mkdir(outDir, { recursive: true });
    await writeReports(report, outDir);
    await writeReports(largeReport(), `${outDir}large/`);
    await writeReports(largeReport(592, 189), `${outDir}large-failing/`);
    await writeFile(`${outDir}load.html`, renderLoadHtml(report.load ?? []));
    // Every outcome of the results model and one newer than this renderer: more filter buttons than fit.
    const newer = ['error', 'not-run', 'not-claimed', 'expected-failure', 'warning', 'newer-outcome'].map((outcome, i) => ({ ...report.checks[1]!, id: `auth/outcome-${i}`, outcome }) as unknown as CheckResult);
    await writeReports({ ...report, checks: [...report.checks, ...newer] }, `${outDir}outcomes/`);
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: timeLimit(browserWork),
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(timeLimit(browserWork));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      problems.push(`network request: ${url}`);
      return route.abort();
    });
    await page.goto(pathToFileURL(`${outDir}report.html`).href, { waitUntil: 'load' });
  }, timeLimit(browserWork));

  afterAll(async () => {
    await browser?.close();
  });

  it('renders the verdict and every check and clause, with no console error, dialog or network request', async () => {
    await page.screenshot({ path: `${outDir}report.png` });
    await page.locator('#failures').screenshot({ path: `${outDir}report-failures.png` });
    await page.locator('#load').screenshot({ path: `${outDir}report-load.png` });
    expect(await page.textContent('.verdict-title')).toBe('Not conformant');
    expect(await visibleRows('checks')).toHaveLength(report.checks.length);
    expect(await visibleRows('clauses')).toHaveLength(report.coverage.length);
    expect(problems).toEqual([]);
  });

  it('shows hostile response bodies as text and runs none of them', async () => {
    const failure = page.locator('[id="fail-errors_unknown-resource-404"]');
    await expect(failure.locator('pre').filter({ hasText: '<script>alert("xss")</script>' }).count()).resolves.toBeGreaterThan(0);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(2);
    expect(await failure.textContent()).toContain('\\x1b[31m');
    expect(problems).toEqual([]);
  });

  it('carries the report as JSON that parses back to the same report', async () => {
    const embedded = await page.$eval('#report-data', (el) => JSON.parse(el.textContent ?? 'null') as unknown);
    expect(embedded).toEqual(report);
  });

  it('filters by result, area and text, alone and together', async () => {
    await page.click('[data-result-filter="failed"]');
    const failed = report.checks.filter((c) => c.outcome === 'failed');
    expect((await visibleRows('checks')).map((r) => r.result)).toEqual(failed.map(() => 'failed'));
    expect(await visibleRows('failures')).toHaveLength(failed.length);
    expect((await visibleRows('clauses')).every((r) => r.result === 'failed')).toBe(true);

    await page.selectOption('#f-area', 'contacts');
    const failedContacts = failed.filter((c) => c.area === 'contacts');
    expect(await visibleRows('checks')).toHaveLength(failedContacts.length);
    expect(await visibleRows('failures')).toHaveLength(failedContacts.length);

    await resetFilters();
    await page.fill('#f-text', 'contacts.merge');
    await page.waitForFunction(() => document.querySelectorAll('[data-scope="clauses"] [data-filter]:not([hidden])').length < 50);
    const clauses = await visibleRows('clauses');
    expect(clauses.length).toBe(report.coverage.filter((c) => `${c.id} ${c.text} ${c.section} ${c.checks.join(' ')}`.toLowerCase().includes('contacts.merge')).length);
    expect(clauses.every((r) => r.text.includes('contacts.merge'))).toBe(true);

    await page.click('[data-result-filter="uncovered"]');
    const uncovered = await visibleRows('clauses');
    expect(uncovered.length).toBeGreaterThan(0);
    expect(uncovered.every((r) => r.result === 'uncovered')).toBe(true);
    expect(await visibleRows('checks')).toHaveLength(0);
    expect(await page.isVisible('[data-empty-for="checks"]')).toBe(true);
    await page.locator('#clauses').screenshot({ path: `${outDir}report-filtered.png` });

    await resetFilters();
    expect(await visibleRows('checks')).toHaveLength(report.checks.length);
  });

  it('sets the filters from a matrix cell', async () => {
    await page.click('.matrix button[data-set-area="auth"][data-set-result="passed"]');
    const rows = await visibleRows('checks');
    expect(rows).toHaveLength(report.checks.filter((c) => c.area === 'auth' && c.outcome === 'passed').length);
    expect(rows.every((r) => r.area === 'auth' && r.result === 'passed')).toBe(true);
    expect(await page.inputValue('#f-area')).toBe('auth');
    await resetFilters();
  });

  it('reaches and works the filters by keyboard alone', async () => {
    // A fresh load puts the keyboard at the top of the page, as a reader arriving would be.
    await page.reload({ waitUntil: 'load' });
    const reached: string[] = [];
    for (let i = 0; i < 80 && !reached.includes('f-text'); i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-result-filter') || document.activeElement?.tagName || ''));
    }
    expect(reached).toContain('f-area');
    expect(reached).toContain('failed');
    expect(reached).toContain('f-text');

    await page.keyboard.type('401');
    await page.waitForFunction(() => document.querySelectorAll('[data-scope="checks"] [data-filter]:not([hidden])').length < 5);
    const rows = await visibleRows('checks');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.text.includes('401'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction((n) => document.querySelectorAll('[data-scope="checks"] [data-filter]:not([hidden])').length === n, report.checks.length);

    await page.focus('[data-result-filter="not-verifiable"]');
    await page.keyboard.press('Enter');
    expect((await visibleRows('checks')).every((r) => r.result === 'not-verifiable')).toBe(true);
    await page.focus('[data-result-filter="skipped"]');
    await page.keyboard.press('Space');
    expect((await visibleRows('checks')).every((r) => r.result === 'skipped')).toBe(true);

    await page.focus('body');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-text');
    await resetFilters();
    expect(problems).toEqual([]);
  });

  it('writes JUnit XML and a badge that a browser XML parser accepts', async () => {
    for (const name of ['junit.xml', 'badge.svg']) {
      const text = await readFile(`${outDir}${name}`, 'utf8');
      const errors = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return doc.getElementsByTagName('parsererror').length;
      }, text);
      expect(errors, name).toBe(0);
    }
  });

  async function openAt(viewport: { width: number; height: number }, file = 'report.html'): Promise<Page> {
    const view = await browser.newPage({ viewport });
    view.setDefaultTimeout(timeLimit(browserWork));
    view.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await view.goto(pathToFileURL(`${outDir}${file}`).href, { waitUntil: 'load' });
    return view;
  }

  async function layout(view: Page): Promise<{ scrollWidth: number; clientWidth: number; height: number; bar: number; barTop: number }> {
    return view.evaluate(() => {
      const bar = document.querySelector('.filters')?.getBoundingClientRect();
      return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, height: document.documentElement.scrollHeight, bar: bar?.height ?? Infinity, barTop: bar?.top ?? -1 };
    });
  }

  for (const [name, viewport] of Object.entries(widths)) {
    it(`at ${name} width: no sideways scroll, a sticky bar of at most a tenth of the screen, a bounded height`, async () => {
      for (const file of ['report.html', 'large/report.html', 'large-failing/report.html']) {
        const view = await openAt(viewport, file);
        const first = await layout(view);
        expect(first.scrollWidth, `${file} scrolls sideways`).toBeLessThanOrEqual(first.clientWidth);
        expect(first.bar, `${file} sticky bar height`).toBeLessThanOrEqual(viewport.height * 0.1);
        // 592 checks and 258 clauses were 109,803 px when everything was expanded, 309,690 px with 189 failures.
        expect(first.height, `${file} page height`).toBeLessThan(name === 'phone' ? 24_000 : 16_000);
        await view.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        const scrolled = await layout(view);
        expect(scrolled.barTop, 'the bar sticks to the top').toBe(0);
        expect(scrolled.bar).toBeLessThanOrEqual(viewport.height * 0.1);
        await view.screenshot({ path: `${outDir}${file.replace(/\W+/g, '-')}-${name}.png` });
        await view.close();
      }
      expect(problems).toEqual([]);
    });

    it(`at ${name} width: failures first and open, the failing request as reproduction, passed checks collapsed one click from their evidence`, async () => {
      const view = await openAt(viewport);
      const order = await view.$$eval('main > section', (sections) => sections.map((s) => s.id));
      expect(order[0]).toBe('failures');
      const failing = view.locator('[id="fail-contacts_identity-read-back"]');
      expect(await failing.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      const curl = view.locator('[id="fail-contacts_identity-read-back-curl"]');
      expect(await curl.isVisible()).toBe(true);
      expect(await curl.textContent()).toContain('/v4/contacts/ct_9f3k2m');
      expect(await curl.textContent()).not.toContain('/control/');
      expect(await failing.textContent()).toContain('expected true, found false');
      expect(await view.locator('main').textContent()).not.toContain('Object.is equality');

      const passed = view.locator('#checks li[data-result="passed"] > details.check');
      expect(await passed.count()).toBe(report.checks.filter((c) => c.outcome === 'passed').length);
      expect(await passed.evaluateAll((els) => els.filter((el) => (el as HTMLDetailsElement).open).length)).toBe(0);
      const withEvidence = view.locator('[id="check-auth_flat-401-missing-credentials"] > details.check');
      await withEvidence.locator('xpath=ancestor::details[contains(@class,"group")]').evaluate((el) => ((el as HTMLDetailsElement).open = true));
      expect(await withEvidence.locator('.exchange-body').first().isVisible()).toBe(false);
      await withEvidence.locator('summary').first().click();
      expect(await withEvidence.locator('.exchange-body').first().isVisible()).toBe(true);
      expect(await withEvidence.locator('.exchange-body').first().textContent()).toContain('missing credentials');
      const after = await layout(view);
      expect(after.scrollWidth).toBeLessThanOrEqual(after.clientWidth);
      await view.locator('#failures').screenshot({ path: `${outDir}failures-${name}.png` });
      await view.close();
      expect(problems).toEqual([]);
    });
  }

  it('on a phone, the filters open below the bar and still work', async () => {
    const view = await openAt(widths.phone);
    expect(await view.isVisible('#f-area')).toBe(false);
    await view.click('#f-more > summary');
    await view.click('[data-result-filter="failed"]');
    const shown = await view.$$eval('[data-scope="checks"] [data-filter]', (els) => els.filter((el) => !(el as HTMLElement).hidden).length);
    expect(shown).toBe(report.checks.filter((c) => c.outcome === 'failed').length);
    const { scrollWidth, clientWidth } = await layout(view);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await view.close();
  });

  it('a link to a check in a closed area opens it', async () => {
    const view = await openAt(widths.desktop);
    const target = view.locator('[id="check-channels_turn-off-always-allowed"]');
    expect(await target.isVisible()).toBe(false);
    await view.evaluate(() => {
      window.location.hash = '#check-channels_turn-off-always-allowed';
    });
    await view.waitForFunction(() => document.getElementById('check-channels_turn-off-always-allowed')?.closest('details')?.open === true);
    expect(await target.isVisible()).toBe(true);
    await view.close();
  });

  it('the standalone load report draws its charts at both widths, without sideways scroll or console errors', async () => {
    for (const [name, viewport] of Object.entries(widths)) {
      const view = await openAt(viewport, 'load.html');
      const messages: string[] = [];
      view.on('console', (m) => messages.push(m.text()));
      const { scrollWidth, clientWidth } = await layout(view);
      expect(scrollWidth, name).toBeLessThanOrEqual(clientWidth);
      const titles = await view.$$eval('figure.chart figcaption', (els) => els.map((el) => el.textContent ?? ''));
      expect(titles).toEqual(expect.arrayContaining(['Latency by percentile: send', 'Throughput over time: send', 'Latency over time: send', 'Latency vs offered rate: send']));
      const drawn = await view.$$eval('figure.chart svg polyline', (els) => els.filter((el) => (el as SVGGraphicsElement).getBBox().width > 0).length);
      expect(drawn).toBeGreaterThan(5);
      await view.screenshot({ path: `${outDir}load-${name}.png`, fullPage: true });
      expect(messages).toEqual([]);
      await view.close();
    }
  });

  it('keeps the bar one row on a narrow desktop even with every outcome to filter by', async () => {
    const viewport = { width: 900, height: 700 };
    const view = await openAt(viewport, 'outcomes/report.html');
    const { scrollWidth, clientWidth, bar } = await layout(view);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(bar).toBeLessThanOrEqual(viewport.height * 0.1);
    expect(await view.textContent('.stats')).toContain('newer-outcome');
    await view.click('[data-result-filter="newer-outcome"]');
    const shown = await view.$$eval('[data-scope="checks"] [data-filter]', (els) => els.filter((el) => !(el as HTMLElement).hidden).map((el) => el.id));
    expect(shown).toEqual(['check-auth_outcome-5']);
    await view.close();
    expect(problems).toEqual([]);
  });
});
