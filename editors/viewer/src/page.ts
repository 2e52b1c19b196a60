// Boots the standalone page that `chronon view` (and `battle --replay X.html`) writes: the replay is
// embedded as base64 in <script id="chronon-replay">, decoded here and shown full-window.

interface PageViewer {
  mount(container: HTMLElement, bytes: Uint8Array): Promise<unknown>;
  showError(root: HTMLElement, message: string): void;
}

declare global {
  interface Window {
    ChrononViewer?: PageViewer;
    chrononPageReadyMs?: number;
  }
}

function decodeBase64(text: string): Uint8Array {
  const fromBase64 = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  const clean = text.replace(/\s+/g, '');
  if (fromBase64 !== undefined) return fromBase64(clean);
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function boot(): void {
  const viewer = window.ChrononViewer;
  const container = document.getElementById('chronon-viewer') ?? document.body;
  const done = (state: string) => {
    window.chrononPageReadyMs = performance.now();
    document.documentElement.dataset.viewer = state;
  };
  if (viewer === undefined) {
    container.textContent = 'The Chronon viewer script did not load.';
    done('error');
    return;
  }
  const holder = document.getElementById('chronon-replay');
  const text = holder?.textContent?.trim() ?? '';
  // The placeholder is left in place when the page was not filled in by chronon.
  if (text === '' || text.startsWith('@@')) {
    viewer.showError(container, 'This page holds no replay: `chronon view FILE` or `chronon battle … --replay FILE.html` writes one into it.');
    done('error');
    return;
  }
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(text);
  } catch (e) {
    viewer.showError(container, `The replay embedded in this page is not valid base64 (${e instanceof Error ? e.message : String(e)}).`);
    done('error');
    return;
  }
  viewer.mount(container, bytes).then(
    () => done('ready'),
    () => done('error'),
  );
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();

export {};
