/**
 * When answers may have been lost (the embedded database never forces a commit to disk, and the
 * machine went down with it open: db/run-marker.ts, ADR 0025), every shoe is withdrawn before
 * the server takes a request, so nothing a lost answer showed is dealt again: a round in
 * progress is called off with its stakes returned, the shoe revealed, the next deal shuffled anew.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyShoeReveal } from '@card-counter/engine';
import { ShoeRevealHistorySchema } from '@card-counter/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { markRunning, markStopped, previousRun } from '../src/db/run-marker.ts';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import { withdrawShoesAfterLoss } from '../src/modules/table/index.ts';
import { signUpPlayer } from './support/players.ts';
import { tableClient, tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

describe('the run marker', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-marker-'));
  const bootIdFile = path.join(dir, 'boot_id');
  const boot = (id: string) => writeFileSync(bootIdFile, `${id}\n`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('tells a machine that went down (another boot) from a killed process (this boot) and a clean stop', () => {
    boot('boot-a');
    expect(previousRun(dir, bootIdFile)).toEqual({ marker: null, mayHaveLostCommits: false });
    markRunning(dir, bootIdFile);
    // Killed in this boot: the page cache kept every commit.
    expect(previousRun(dir, bootIdFile).mayHaveLostCommits).toBe(false);
    boot('boot-b');
    expect(previousRun(dir, bootIdFile)).toMatchObject({ mayHaveLostCommits: true, marker: { bootId: 'boot-a', pid: process.pid } });
    markRunning(dir, bootIdFile);
    const db = path.join(dir, 'db');
    rmSync(db, { recursive: true, force: true });
    markStopped(dir, dir);
    expect(previousRun(dir, bootIdFile).mayHaveLostCommits).toBe(false);
  });

  it('without a boot id (not Linux), or with a marker torn by the crash, any leftover marker counts as a loss', () => {
    boot('boot-c');
    markRunning(dir, bootIdFile);
    expect(previousRun(dir, path.join(dir, 'no-such-file')).mayHaveLostCommits).toBe(true);
    writeFileSync(path.join(dir, 'server-running.json'), '{"bootId":"boot-c","pi');
    expect(previousRun(dir, bootIdFile).mayHaveLostCommits).toBe(true);
    expect(readFileSync(bootIdFile, 'utf8')).toBe('boot-c\n');
  });
});

forEachDatabase('table after a possible loss', (t) => {
  const suite = tableSuite(t);

  it('calls off the round in progress (stakes and fee returned), reveals the shoe and shuffles anew', async () => {
    const { p, table } = await suite.seat('loss-mid', ['8', '10', '8', '7', '3', '4']);
    await table.load();
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    const before = (await ledgerSum(t.db.kysely, p.id)).sum;
    const dealt = await table.act({ type: 'deal' });
    suite.unstack(p.id);
    // 8,8 v 10: split, a second stake on the table; the first hand (8,3) is still to play.
    const split = await table.act({ type: 'split' });
    expect(split.state).toMatchObject({ gameInProgress: true, gamePhase: 'playing' });
    expect(split.state.balance).toBe(before - 210);
    const old = dealt.state.deck?.commitment;
    const report = await withdrawShoesAfterLoss(t.db, new Date());
    expect(report.roundsCalledOff).toBeGreaterThanOrEqual(1);
    const after = await table.load();
    expect(after.state).toMatchObject({ gameInProgress: false, gamePhase: 'betting', deck: null, playerHands: [], dealerCards: [] });
    expect(after.state.balance).toBe(before);
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(before);
    // The old shoe is published, and it opens its commitment.
    const list = ShoeRevealHistorySchema.parse((await p.call('GET', '/api/table/shoes')).json()).items;
    expect(list[0]?.commitment).toBe(old);
    expect(verifyShoeReveal(list[0]!.commitment, list[0]!.reveal)).toBe(true);
    // The next deal comes from a new shoe; the bet was kept.
    const next = await table.act({ type: 'deal' });
    expect(next.state.deck?.commitment).not.toBe(old);
  });

  it('between rounds: the shoe goes, nothing is credited; a table that never dealt is left alone', async () => {
    const { p, table } = await suite.seat('loss-between', ['10', '10', '9', '7']);
    await table.load();
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    await table.act({ type: 'deal' });
    await table.act({ type: 'stand' });
    const fresh = await signUpPlayer(suite.app, 'loss-fresh');
    await tableClient(fresh).act({ type: 'bet', amount: 10, spot: 0 });
    const balance = (await ledgerSum(t.db.kysely, p.id)).sum;
    const version = table.snapshot().version;
    await withdrawShoesAfterLoss(t.db, new Date());
    const after = await table.load();
    expect(after.version).toBe(version + 1);
    expect(after.state.deck).toBeNull();
    expect((await ledgerSum(t.db.kysely, p.id)).sum).toBe(balance);
    expect((await tableClient(fresh).load()).version).toBe(1);
    // Nothing left: a second pass changes nothing.
    const again = await withdrawShoesAfterLoss(t.db, new Date());
    expect(again.tables).toBe(0);
    expect((await table.load()).version).toBe(version + 1);
  });
});
