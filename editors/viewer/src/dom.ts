// Small helpers for building the viewer's elements.

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (className !== undefined && className !== '') e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Sizes a canvas's backing store to its CSS box times the device pixel ratio; true if it changed. */
export function fitCanvas(canvas: HTMLCanvasElement): boolean {
  const dpr = canvas.ownerDocument.defaultView?.devicePixelRatio ?? 1;
  const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
  const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
  if (canvas.width === w && canvas.height === h) return false;
  canvas.width = w;
  canvas.height = h;
  return true;
}
