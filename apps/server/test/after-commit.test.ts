import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { inTransaction, openDatabase } from '../src/db/index';
import { afterCommit } from '../src/lib/after-commit';

const handle = await openDatabase(':memory:');
const db = handle.db;
afterAll(() => handle.close());

describe('effects after commit (lib/after-commit.ts)', () => {
  it('runs a queued effect after the transaction commits, never inside it', async () => {
    const seen: string[] = [];
    await db.transaction().execute(async (trx) => {
      afterCommit(trx, () => seen.push('effect'));
      await sql`select 1`.execute(trx);
      await inTransaction(trx, async (inner) => afterCommit(inner, () => seen.push('inner')));
      seen.push('end of transaction');
    });
    expect(seen).toEqual(['end of transaction', 'effect', 'inner']);
  });

  it('drops the queue when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      db.transaction().execute(async (trx) => {
        afterCommit(trx, () => seen.push('effect'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.transaction().execute(async () => {});
    expect(seen).toEqual([]);
  });

  it('runs at once outside a transaction; a failing effect does not undo the commit', async () => {
    const seen: string[] = [];
    afterCommit(db, () => seen.push('now'));
    expect(seen).toEqual(['now']);
    const answer = await db.transaction().execute(async (trx) => {
      afterCommit(trx, () => {
        throw new Error('cache gone');
      });
      afterCommit(trx, () => seen.push('second'));
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen).toEqual(['now', 'second']);
  });
});
