import { TableStreamEventSchema } from '@card-counter/shared';

// GET /api/table/stream: the server names the player's table version at connect and after every
// accepted action from any tab or device. Only the version travels; the state is read with
// GET /api/table by whoever is behind.

export const TABLE_STREAM_PATH = '/api/table/stream';

/** Reads the data of an `event: table`; null when it is not one. */
export function parseTableStreamEvent(data: string): number | null {
  try {
    const parsed = TableStreamEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.version : null;
  } catch {
    return null;
  }
}

/**
 * Opens the stream and calls `onVersion` with every version announced; returns the close.
 * EventSource reconnects by itself after an error (the server sends `retry:`), and the version
 * sent at each connect covers whatever was announced while the connection was down.
 */
export function openTableStream(onVersion: (version: number) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const stream = new EventSource(TABLE_STREAM_PATH, { withCredentials: true });
  stream.addEventListener('table', (event: MessageEvent<string>) => {
    const version = parseTableStreamEvent(event.data);
    if (version !== null) onVersion(version);
  });
  return () => stream.close();
}
