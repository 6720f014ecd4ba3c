// A stand-in for the browser's EventSource (the live streams): a test emits the server's events
// by hand and sees which streams were opened and closed.
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  /** The last stream opened, or null. */
  static get last(): FakeEventSource | null {
    return FakeEventSource.opened.at(-1) ?? null;
  }
  static reset(): void {
    FakeEventSource.opened = [];
  }
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: string) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
  }
  close() {
    this.closed = true;
  }
}
