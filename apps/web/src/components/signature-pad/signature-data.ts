/** The base64 part of a `data:image/png;base64,…` address (what the server's `daten` takes), or null for anything else. */
export function pngBase64OfDataUrl(dataUrl: string): string | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  return m?.[1] ?? null;
}

/** A stored signature (base64 PNG) as an address an <img> can show. */
export const pngDataUrl = (base64: string) => `data:image/png;base64,${base64}`;

/** Canvas size in device pixels for a CSS size at a pixel ratio (high-DPI screens draw sharp lines). */
export function deviceSize(cssWidth: number, cssHeight: number, ratio: number): { width: number; height: number; ratio: number } {
  const r = Number.isFinite(ratio) && ratio >= 1 ? ratio : 1;
  return { width: Math.max(1, Math.round(cssWidth * r)), height: Math.max(1, Math.round(cssHeight * r)), ratio: r };
}
