import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * File uploads as `multipart/form-data` (a browser's FormData, `curl -F`), beside the JSON form `{ data: { dateiname,
 * daten (base64), … } }` every upload endpoint of the contract declares. The form is read with the platform's own parser
 * (undici's `Response.formData()`, no extra dependency) within the server's body limit, and handed on in the JSON form:
 * the file field (any name, one file) becomes `dateiname` + `daten`, every text field stays as it is. So one schema
 * validates both, and the file's type is still checked by its bytes where the endpoint stores it. A form that cannot be
 * read, or carries no or two files, is a 400 with the spec's error object — never a 500.
 */
export function registerMultipart(app: FastifyInstance) {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (req, body, done) => {
    readForm(String(req.headers['content-type']), body as Buffer).then(
      (data) => done(null, { data }),
      (err: Error) => done(err),
    );
  });
}

async function readForm(contentType: string, body: Buffer): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('Das Formular der Datei ist nicht lesbar', { daten: ['Kein gültiges multipart/form-data'] });
  }
  const data: Record<string, string> = {};
  let files = 0;
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      if (name !== 'daten' && name !== 'dateiname') data[name] = value;
      continue;
    }
    files++;
    data.dateiname = value.name;
    data.daten = Buffer.from(await value.arrayBuffer()).toString('base64');
  }
  if (files !== 1) throw badRequest('Bitte genau eine Datei senden', { daten: [files ? 'Nur eine Datei je Aufruf' : 'Die Datei fehlt'] });
  // a file name typed into the form wins over the one the browser sent with the file
  const typed = form.get('dateiname');
  if (typeof typed === 'string' && typed.trim()) data.dateiname = typed;
  return data;
}
