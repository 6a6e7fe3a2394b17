import { request } from './client';

const toBase64 = (buf: ArrayBuffer) => {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
};
export const fileToBase64 = async (file: File) => toBase64(await file.arrayBuffer());

/**
 * A file upload as multipart/form-data: the file (its name is the stored `dateiname`) and the endpoint's text fields
 * beside it. The server reads it into the same fields the endpoint's JSON form has (lib/multipart.ts), so the bytes
 * travel as they are instead of a third larger as base64.
 */
export function fileForm(file: File, fields: Record<string, string | null | undefined> = {}): FormData {
  const form = new FormData();
  form.set('datei', file, file.name);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.set(k, v);
  return form;
}

/** Binary content with the Bearer header, as a Blob (ADR-042); params fill the path, the rest is the query. */
export async function fetchBlob(method: 'GET', path: string, params: Record<string, number | string>): Promise<Blob> {
  const res = await request<ArrayBuffer>(method, path, { params, headers: { Accept: '*/*' } });
  return new Blob([res.data], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
}
