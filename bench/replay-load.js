// Loads viewer pages in headless Chromium and prints, for each, how long after navigation the first
// moment was on screen and how long until the whole replay was read and the timeline complete.
// usage: node bench/replay-load.js PAGE.html...   (playwright-core from tests/vscode-e2e)
'use strict';

const path = require('path');
const { launchBrowser } = require('../tests/vscode-e2e/harness.js');

async function main() {
  const browser = await launchBrowser();
  try {
    for (const file of process.argv.slice(2)) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const started = Date.now();
      await page.goto('file://' + path.resolve(file));
      await page.waitForFunction(() => document.documentElement.dataset.viewer !== undefined, null, { timeout: 60000 });
      const onScreen = Date.now() - started;
      const state = await page.evaluate(() => document.documentElement.dataset.viewer);
      if (state !== 'ready') throw new Error(`${file}: the viewer shows an error`);
      await page.waitForFunction(() => window.chrononViewerDebug.status() !== 'loading', null, { timeout: 120000, polling: 50 });
      const complete = Date.now() - started;
      console.log(`${path.basename(file)}\ton screen ${onScreen} ms\tfully read ${complete} ms`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
