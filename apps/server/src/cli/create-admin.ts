import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/index';
import { hashPassword } from '../modules/auth/passwords';

/**
 * `npm run create-admin -- <login> [name]`: creates an administrator with a random password,
 * the way to a first login outside demo mode.
 */
async function main() {
  const [login, ...nameParts] = process.argv.slice(2);
  if (!login || !/^[a-z0-9._-]{2,40}$/i.test(login)) {
    console.error('Usage: npm run create-admin -- <login> [full name]');
    process.exit(1);
  }
  const handle = await openDatabase(loadConfig().databaseUrl);
  await migrate(handle);
  const password = randomBytes(12).toString('base64url');
  const name = nameParts.join(' ') || login;
  const kuerzel = login.slice(0, 6).toUpperCase();
  try {
    await handle.db
      .insertInto('benutzer')
      .values({
        name,
        kuerzel,
        anmeldename: login.toLowerCase(),
        typ: 0,
        istAdmin: true,
        gesperrt: false,
        avatar: null,
        vorgabeLagerId: null,
        email: null,
        passwortHash: await hashPassword(password),
      })
      .execute();
  } catch (err) {
    console.error(`Could not create ${login}: ${(err as Error).message}`);
    process.exit(1);
  }
  await handle.close();
  console.log(`Administrator '${login}' created. Password: ${password}\nChange it after the first login (Settings → Password).`);
}

void main();
