import { formatDateTime } from '@/shared/lib/format.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import { useHealth } from '../api/admin-api.ts';
import { Badge, Card, Figure, Loading } from './ui.tsx';

/** The database, mail delivery and live streams of the process that answered. */
export function HealthPanel() {
  const q = useHealth();
  if (q.isPending) return <Loading what="health" />;
  if (q.isError) return <FormError error={q.error} />;
  const h = q.data;
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Card
        title="Database"
        actions={<Badge tone={h.database.ok ? 'green' : 'red'}>{h.database.ok ? 'OK' : 'Failing'}</Badge>}
      >
        <dl className="grid grid-cols-2 gap-2">
          <Figure label="Engine" value={h.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} />
          <Figure label="Latency" value={`${h.database.latency_ms} ms`} />
        </dl>
        {h.database.ok ? null : (
          <p className="mt-2 text-sm break-words text-rose-300">{h.database.message}</p>
        )}
      </Card>
      <Card
        title="Mail"
        actions={
          <Badge tone={h.mail.failedLast24h > 0 ? 'red' : 'green'}>
            {h.mail.failedLast24h > 0 ? 'Failures' : 'OK'}
          </Badge>
        }
      >
        <dl className="grid grid-cols-3 gap-2">
          <Figure label="Mode" value={h.mail.mode === 'smtp' ? 'SMTP' : 'Outbox'} />
          <Figure
            label="In outbox"
            value={h.mail.outboxHeld}
            hint="Mails kept in the outbox table (no SMTP_URL)"
          />
          <Figure
            label="Failed (24 h)"
            value={h.mail.failedLast24h}
            tone={h.mail.failedLast24h > 0 ? 'bad' : 'plain'}
          />
        </dl>
        {h.mail.recentFailures.length > 0 ? (
          <ul className="mt-2 space-y-1 text-xs">
            {h.mail.recentFailures.map((f) => (
              <li key={`${f.at}-${f.to}`} className="break-words text-slate-300">
                <span className="text-slate-400">{formatDateTime(f.at)}</span> {f.to}: “{f.subject}” —{' '}
                <span className="text-rose-300">{f.error}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <Card title="Live updates">
        <dl className="grid grid-cols-2 gap-2">
          <Figure label="Open streams" value={h.live.clients} />
          <Figure label="Limit" value={h.live.clientsMax} />
        </dl>
        <p className="mt-2 text-xs text-slate-400">
          Counts of the server process that answered; each process has its own.
        </p>
      </Card>
      <div className="md:col-span-3">
        <Button variant="secondary" className="py-1" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </div>
    </div>
  );
}
