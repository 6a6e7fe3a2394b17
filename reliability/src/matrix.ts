// Access-control matrix generated from the contract: every declared right denied → 403 naming it and nothing
// changed; administrator-only routes refuse others; a route without rights must say why (`rightsNote`).
// Object level: reminders (owner) and locks (holder).
import { type Endpoint, endpoints, PROJEKT_RECHTE } from '@vario/contract';
import type { InProc, Json } from './lib/inproc';
import { countAnswer, violation } from './lib/stats';

const SECTION = 'matrix';

/** Fills `:name` placeholders with plausible values; rights are checked before the path is validated. */
export const fillPath = (path: string, values: Record<string, string | number> = {}) =>
  path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? (name === 'ap' ? 'vk' : name === 'name' ? 'x' : 1))));

const isErrorObject = (a: { status: number; json(): Json }) => {
  try {
    const b = a.json();
    return (
      b?.httpStatus === a.status &&
      typeof b.messageCode === 'string' &&
      typeof b.trackingId === 'string' &&
      Array.isArray(b.errors?.services) &&
      typeof b.errors?.fieldErrors === 'object'
    );
  } catch {
    return false;
  }
};

export { isErrorObject };

export async function runMatrix(s: InProc) {
  const label = `${SECTION}/${s.kind}`;
  let cases = 0;
  // One user per declared right with just that right denied (created in parallel: a login hashes on purpose slowly);
  // the project's rights are denied unless granted, so the others are granted to that user explicitly
  const rights = [...new Set(Object.values(endpoints).flatMap((e: Endpoint) => e.rights ?? []))];
  const projekt = Object.fromEntries(PROJEKT_RECHTE.map((r) => [r, true]));
  const users = new Map(await Promise.all(rights.map(async (r) => [r, (await s.user({ ...projekt, [r]: false })).token] as const)));
  const tokenDenying = async (right: string) => users.get(right) as string;
  const plain = (await s.user()).token;
  const base = await s.digest();
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint & { rightsNote?: string }][]) {
    if (e.public) continue;
    const what = `${e.method} ${e.path} (${name})`;
    const tries: { token: string; right: string }[] = [];
    if (e.adminOnly) tries.push({ token: plain, right: 'ADMIN' });
    for (const r of e.rights ?? []) tries.push({ token: await tokenDenying(r), right: r });
    if (!tries.length) {
      if (typeof e.rightsNote !== 'string' || e.rightsNote.length < 10)
        violation(label, `${what} declares no right and no reason (rightsNote) in the contract`);
      continue;
    }
    const mark = await s.writeMark();
    for (const t of tries) {
      cases++;
      const body = e.method === 'GET' || e.method === 'DELETE' || e.method === 'OPTIONS' ? undefined : { data: {} };
      const a = await s.call(e.method, fillPath(e.path), { token: t.token, body });
      countAnswer(label, what, a.status, a.body);
      if (a.status !== 403) violation(label, `${what} with ${t.right} denied answered ${a.status}, not 403`);
      else if (!isErrorObject(a)) violation(label, `${what}: 403 is not the error object`);
      else if (t.right !== 'ADMIN' && !JSON.stringify(a.json()).includes(t.right)) violation(label, `${what}: 403 does not name ${t.right}`);
    }
    if ((await s.writeMark()) !== mark && (await s.digest()) !== base) violation(label, `${what}: a refused call changed the database`);
  }
  cases += await objectLevel(s, label);
  console.log(`  ${label}: ${cases} cases`);
}

async function objectLevel(s: InProc, label: string) {
  const owner = await s.user();
  const other = await s.user();
  const due = new Date(Date.now() + 3_600_000).toISOString();
  const created = await s.call('POST', '/crm/erinnerungen', {
    token: owner.token,
    body: { data: { benutzerId: owner.id, erinnerungDatum: due, bemerkung: 'Eigentum' } },
  });
  countAnswer(label, 'reminder create', created.status, created.body);
  if (created.status !== 201) {
    violation(label, `reminder create answered ${created.status}`);
    return 1;
  }
  const id = created.json().result.id as number;
  const before = await s.digest();
  const tries: [string, string, unknown?][] = [
    ['GET', `/crm/erinnerungen/${id}`],
    ['PATCH', `/crm/erinnerungen/${id}`, { data: { bemerkung: 'fremd' } }],
    ['DELETE', `/crm/erinnerungen/${id}`],
  ];
  for (const [m, p, body] of tries) {
    const a = await s.call(m, p, { token: other.token, body });
    countAnswer(label, `${m} ${p} of another user`, a.status, a.body);
    if (a.status !== 404 && a.status !== 403) violation(label, `${m} another user's reminder answered ${a.status}`);
  }
  const listed = await s.call('GET', `/crm/erinnerungen?filter=${encodeURIComponent(`benutzerId=${owner.id}`)}`, { token: other.token });
  countAnswer(label, 'reminder list of another user', listed.status);
  if (listed.status === 200 && listed.json().result.length) violation(label, "another user's reminders are listed");
  if ((await s.digest()) !== before) violation(label, "a refused call on another user's reminder changed the database");

  // Locks: the holder's lock binds another user; the other can neither release it nor use its token.
  const addr = (await s.call('GET', '/stammdaten/adressen?limit=1', { token: owner.token })).json().result[0].id as number;
  const taken = await s.call('POST', '/system/sperren', { token: owner.token, body: { data: { tabelle: 'ADR', datensatzId: addr } } });
  countAnswer(label, 'lock take', taken.status, taken.body);
  if (taken.status !== 201) {
    violation(label, `lock take answered ${taken.status}`);
    return 5;
  }
  const lock = taken.json().result as { id: number; token: string };
  const lockBefore = await s.digest();
  const release = await s.call('DELETE', `/system/sperren/${lock.id}`, { token: other.token });
  countAnswer(label, 'lock release by another user', release.status);
  if (release.status !== 403 && release.status !== 404) violation(label, `another user released a lock: ${release.status}`);
  for (const headers of [{}, { 'x-lock-token': lock.token }] as Record<string, string>[]) {
    const change = await s.call('PATCH', `/stammdaten/adressen/${addr}`, {
      token: other.token,
      headers,
      body: { data: { name2: 'fremd' }, ProtokollBemerkung: 'Sperrtest' },
    });
    countAnswer(label, 'change of a locked record', change.status, change.body);
    if (change.status !== 423)
      violation(
        label,
        `change of a record locked by another user${'x-lock-token' in headers ? " (with the holder's token)" : ''} answered ${change.status}, not 423`,
      );
  }
  const forged = await s.call('PATCH', `/stammdaten/adressen/${addr}`, {
    token: owner.token,
    headers: { 'x-lock-token': 'gefälscht' },
    body: { data: { name2: 'x' }, ProtokollBemerkung: 'Sperrtest' },
  });
  countAnswer(label, 'change with a forged lock token', forged.status, forged.body);
  if (forged.status < 400) violation(label, `a forged X-Lock-Token was accepted (${forged.status}) [issue 10 item 4]`);
  if (forged.status >= 400 && (await s.digest()) !== lockBefore) violation(label, 'refused lock calls changed the database');
  const denied = await s.user({ ADR_AENDERN: false });
  const lockDenied = await s.call('POST', '/system/sperren', { token: denied.token, body: { data: { tabelle: 'ADR', datensatzId: addr + 1 } } });
  countAnswer(label, 'lock without the right to change', lockDenied.status, lockDenied.body);
  if (lockDenied.status !== 403) violation(label, `a user without ADR_AENDERN took a lock: ${lockDenied.status} [issue 10 item 4]`);
  const ghost = await s.call('POST', '/system/sperren', { token: owner.token, body: { data: { tabelle: 'ADR', datensatzId: 2_000_000_000 } } });
  countAnswer(label, 'lock of a missing record', ghost.status, ghost.body);
  if (ghost.status !== 404) violation(label, `a lock of a missing record answered ${ghost.status}, not 404 [issue 10 item 4]`);
  await s.call('DELETE', `/system/sperren/${lock.id}`, { token: owner.token });
  return 11;
}
