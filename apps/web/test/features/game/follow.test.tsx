import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createGame, visible } from '@card-counter/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalTableSource } from '@/features/game/api/local-table-source.ts';
import { ServerTableSource } from '@/features/game/api/server-table-source.ts';
import { TableRefusal, type TableSnapshot, type TableSource } from '@/features/game/api/table-source.ts';
import { parseTableStreamEvent, TABLE_STREAM_PATH } from '@/features/game/api/table-stream.ts';
import { TableScreen } from '@/features/game/components/table-screen.tsx';
import { useTable } from '@/features/game/hooks/use-table.ts';
import { LocalPlayRecord } from '@/shared/record/play-record.ts';
import { FakeTableServer } from '../../support/fake-table-server.ts';
import { json } from '../../support/fetch.ts';
import { FakeEventSource } from '../../support/fake-event-source.ts';
import { QueryWrapper } from '../../support/render-table.tsx';

// A page follows the player's table from GET /api/table/stream: a version above the one it
// holds is read with GET /api/table once none of its own actions is in flight, its own actions'
// versions read nothing, and the table it shows never goes back to an older version.

/** Answers held back until released: the request reached the server, its answer is on the way. */
class Gate {
  private waiting: { match: (url: string, method: string) => boolean; opened: Promise<void>; open: () => void }[] = [];
  hold(match: (url: string, method: string) => boolean): () => void {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.waiting.push({ match, opened, open });
    return open;
  }
  fetchThrough(server: FakeTableServer) {
    return async (url: string, init?: RequestInit): Promise<Response> => {
      const method = init?.method ?? 'GET';
      const answer = await server.fetch(url, init);
      const i = this.waiting.findIndex((w) => w.match(url, method));
      if (i >= 0) {
        const [held] = this.waiting.splice(i, 1);
        await held?.opened;
      }
      return answer;
    };
  }
}

const isGetTable = (url: string, method: string) => url === '/api/table' && method === 'GET';
const isPost = (_url: string, method: string) => method === 'POST';

describe('following the table from other tabs', () => {
  let server: FakeTableServer;
  let gate: Gate;
  let announce: (version: number) => void;
  let streams: { open: number; closed: number };
  let shown: TableSnapshot[];
  /** Another tab of the same player, acting on the same server (loaded before each test). */
  let other: ServerTableSource;
  /** This page's reads of GET /api/table (the other tab's aside). */
  const otherActs = async (action: Parameters<ServerTableSource['act']>[0]) => {
    othersReads++;
    await other.load();
    return other.act(action);
  };
  let othersReads = 0;
  const gets = () => server.sent.filter((s) => s.method === 'GET' && s.url === '/api/table').length - othersReads;
  const make = () =>
    new ServerTableSource({
      sleep: () => Promise.resolve(),
      openStream: (onVersion) => {
        announce = onVersion;
        streams.open++;
        return () => streams.closed++;
      },
    });
  /** Lets every settled promise run its continuations (the fake server answers at once). */
  const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

  beforeEach(() => {
    server = new FakeTableServer();
    gate = new Gate();
    streams = { open: 0, closed: 0 };
    shown = [];
    vi.stubGlobal('fetch', vi.fn(gate.fetchThrough(server)));
    other = new ServerTableSource({ sleep: () => Promise.resolve() });
    othersReads = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.reset();
  });

  it('reads only `event: table` data with a whole version', () => {
    expect(parseTableStreamEvent('{"version":7}')).toBe(7);
    expect(parseTableStreamEvent('{"version":-1}')).toBeNull();
    expect(parseTableStreamEvent('{"version":1.5}')).toBeNull();
    expect(parseTableStreamEvent('{"version":2,"state":{}}')).toBeNull();
    expect(parseTableStreamEvent('not json')).toBeNull();
  });

  it('a newer version reads GET /api/table and hands the new table to the follower', async () => {
    const source = make();
    await source.load();
    source.follow((s) => shown.push(s));
    await otherActs({ type: 'bet', amount: 500, spot: 0 });
    await otherActs({ type: 'deal' });
    announce(1);
    announce(2); // announced while the first read is out: read once more, for the newest
    await settle();
    expect(shown.at(-1)?.version).toBe(2);
    expect(shown.at(-1)?.state.handBets).toEqual([500]);
    expect(shown.at(-1)?.state.playerHands[0]?.cards).toHaveLength(2);
    expect(shown.map((s) => s.version)).toEqual([...new Set(shown.map((s) => s.version))].sort());
    // The next action of this page is sent against the table it now shows.
    await source.act({ type: 'stand' });
    expect(server.sent.at(-1)?.body?.version).toBe(2);
  });

  it("this page's own actions (their version already held) read nothing", async () => {
    const source = make();
    await source.load();
    source.follow((s) => shown.push(s));
    announce(0);
    await source.act({ type: 'bet', amount: 100, spot: 0 });
    announce(1);
    await source.act({ type: 'deal' });
    announce(2);
    announce(1); // late and out of order
    await settle();
    expect(gets()).toBe(1); // the first load only
    expect(shown).toEqual([]);
  });

  it('an announcement while an action is in flight waits for its answer, and the answer is not rolled back', async () => {
    const source = make();
    await source.load();
    source.follow((s) => shown.push(s));
    const release = gate.hold(isPost);
    const bet = source.act({ type: 'bet', amount: 100, spot: 0 });
    await settle();
    announce(1); // this page's own bet, announced before its answer arrived
    await settle();
    expect(gets()).toBe(1);
    release();
    expect((await bet).version).toBe(1);
    await settle();
    expect(gets()).toBe(1);
    expect(shown).toEqual([]);

    // Another device deals while this page's next bet is out: the bet's answer (older) is
    // shown, then the table is read once the answer is in.
    const releaseSecond = gate.hold(isPost);
    const more = source.act({ type: 'bet', amount: 200, spot: 0 });
    await settle();
    await otherActs({ type: 'deal' });
    announce(3);
    await settle();
    expect(gets()).toBe(1);
    releaseSecond();
    expect((await more).version).toBe(2);
    await settle();
    expect(gets()).toBe(2);
    expect(shown.map((s) => s.version)).toEqual([3]);
    expect(shown[0]?.state.playerHands[0]?.cards).toHaveLength(2);
  });

  it('a read that comes back older than the table held is ignored', async () => {
    const source = make();
    await source.load();
    source.follow((s) => shown.push(s));
    await otherActs({ type: 'bet', amount: 500, spot: 0 });
    const release = gate.hold(isGetTable);
    announce(1); // the read of version 1 is slow to come back
    await settle();
    await otherActs({ type: 'deal' });
    // Meanwhile this page acts against version 0: 409, with the table at version 2.
    const refusal = await source.act({ type: 'bet', amount: 100, spot: 0 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TableRefusal);
    expect((refusal as TableRefusal).snapshot.version).toBe(2);
    release();
    await settle();
    expect(shown).toEqual([]);
    await source.act({ type: 'stand' });
    expect(server.sent.at(-1)?.body?.version).toBe(2);
  });

  it('a failed or malformed read shows nothing and is not retried until a newer version is announced', async () => {
    const source = make();
    await source.load();
    source.follow((s) => shown.push(s));
    await otherActs({ type: 'bet', amount: 500, spot: 0 });
    server.faults.push(() => Promise.reject(new TypeError('Failed to fetch')));
    announce(1);
    await settle();
    announce(1);
    await settle();
    expect(gets()).toBe(2);
    expect(shown).toEqual([]);
    // An answer that breaks the contract is dropped the same way, and following goes on.
    await otherActs({ type: 'bet', amount: 600, spot: 0 });
    server.faults.push(() => json({ version: 2, state: { leaked: true } }));
    announce(2);
    await settle();
    expect(shown).toEqual([]);
    await otherActs({ type: 'bet', amount: 700, spot: 0 });
    announce(3);
    await settle();
    expect(shown.map((s) => s.version)).toEqual([3]);
    expect(shown[0]?.state.handBets).toEqual([700]);
  });

  it('the screen shows the bet and the deal of another tab without being touched, and its balance', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const balances: number[] = [];
    const view = render(<TableScreen source={new ServerTableSource()} record={new LocalPlayRecord('test:record')} shoeHistoryKey="test:seen" onBalance={(b) => balances.push(b)} random={() => 1} />, { wrapper: QueryWrapper });
    await screen.findByRole('button', { name: 'Deal' });
    const stream = FakeEventSource.opened.at(-1);
    expect(stream?.url).toBe(TABLE_STREAM_PATH);
    act(() => stream?.emit('table', '{"version":0}'));
    await otherActs({ type: 'bet', amount: 500, spot: 0 });
    await otherActs({ type: 'deal' });
    act(() => stream?.emit('table', JSON.stringify({ version: server.version })));
    expect(await screen.findByRole('button', { name: 'Stand' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Your hand' })).toBeTruthy();
    expect(screen.getByTestId('table-balance').textContent).toBe(`${server.snapshot().state.balance.toLocaleString('en-US')} credits`);
    expect(balances.at(-1)).toBe(server.snapshot().state.balance);
    expect(screen.queryByRole('alert')).toBeNull();
    view.unmount();
    expect(FakeEventSource.opened.every((s) => s.closed)).toBe(true);
  });

  it('closes the stream when the screen goes, and a guest or offline table opens none', async () => {
    const source = make();
    const view = render(<TableScreen source={source} record={new LocalPlayRecord('test:record')} shoeHistoryKey="test:seen" random={() => 1} />, { wrapper: QueryWrapper });
    await screen.findByRole('button', { name: 'Deal' });
    expect(streams.open - streams.closed).toBe(1);
    view.unmount();
    expect(streams.open - streams.closed).toBe(0);

    vi.stubGlobal('EventSource', FakeEventSource);
    const local = new LocalTableSource({ storageKey: 'test:table', initialBalance: 10_000 });
    render(<TableScreen source={local} record={new LocalPlayRecord('test:record')} shoeHistoryKey="test:seen" random={() => 1} />, { wrapper: QueryWrapper });
    await screen.findByRole('button', { name: 'Deal' });
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('an action answer that loses the race to a followed table does not take the screen back', async () => {
    const at = (version: number): TableSnapshot => ({ version, state: visible(createGame({ balance: 1000 + version })) });
    let follower: ((s: TableSnapshot) => void) | null = null;
    let answer: (s: TableSnapshot) => void = () => undefined;
    const fake: TableSource = {
      kind: 'server',
      load: () => Promise.resolve(at(3)),
      act: () => new Promise<TableSnapshot>((resolve) => (answer = resolve)),
      setCounting: () => Promise.resolve(at(3)),
      lastShoe: () => Promise.resolve(null),
      follow: (onSnapshot) => {
        follower = onSnapshot;
        return () => (follower = null);
      },
    };
    const { result } = renderHook(() => useTable(fake));
    await waitFor(() => expect(result.current.snapshot?.version).toBe(3));
    let acted: Promise<TableSnapshot | null> = Promise.resolve(null);
    act(() => {
      acted = result.current.act({ type: 'bet', amount: 10, spot: 0 });
    });
    act(() => follower?.(at(5)));
    await act(async () => {
      answer(at(4));
      await acted;
    });
    expect(result.current.snapshot?.version).toBe(5);
    expect(result.current.snapshot?.state.balance).toBe(1005);
    expect(result.current.error).toBeNull();
  });
});
